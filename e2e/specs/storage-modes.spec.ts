import { expect, test } from '@playwright/test';
import { BOTH_STORAGE_MODES } from '../../playwright.config';
import { stack } from '../support/stack';
import { LoginWidget } from '../support/widgets';

/**
 * The two browser modes the journeys tagged BOTH_STORAGE_MODES run in are what they claim:
 * Chrome's default partitions a cross-site frame's storage (it works, but is the frame's own for
 * this top site); the refused mode throws on any use of it, as Chrome does for visitors who block
 * third-party cookies.
 */
test(
  'the widget frames get partitioned storage, or none in the refused project',
  { tag: BOTH_STORAGE_MODES },
  async ({ page }, testInfo) => {
    await page.goto(`${stack.demoUrl}/login`);
    const login = new LoginWidget(page);
    await expect(login.email).toBeVisible();
    const frame = page.frames().find((candidate) => candidate.url().includes('/w/login'));
    expect(frame, 'the login frame').toBeDefined();
    const storage = await frame!.evaluate(() => {
      try {
        localStorage.setItem('foyer.probe', '1');
        localStorage.removeItem('foyer.probe');
        return 'granted';
      } catch (error) {
        return `refused: ${(error as Error).name}`;
      }
    });
    const refused = testInfo.project.name === 'e2e-storage-refused';
    expect(storage).toBe(refused ? 'refused: SecurityError' : 'granted');
  },
);
