/**
 * The frame app's layer rule, as zones of import-x/no-restricted-paths (eslint.config.js):
 *
 *   app/ (bootstrap, route table, store, i18n)  ←  ui/  ←  features/<domain>/  ←  widgets/<name>/
 *
 * - a widget folder holds a route's entry and its tests; nothing imports it but the route table
 *   (app/routes.ts, and app/loginWidget.ts, which registration shows), not even another widget;
 * - a feature imports another feature only through that feature's public entry, its index.ts;
 * - ui/ and app/ never import a feature or a widget.
 * Tests (and the test helpers) are left out (eslint.config.js): they render widgets together and
 * take any feature's fixtures.
 * The folders are read from disk, so a new widget or feature is covered without editing this.
 */
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const src = join(import.meta.dirname, 'src');
const folders = (dir) =>
  readdirSync(join(src, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}`);

/** Every widget route's folder: widgets/<name>, and widgets/v1/<name> for version 1. */
const widgetFolders = () =>
  [...folders('widgets'), ...folders('widgets/v1')].filter((dir) => existsSync(join(src, dir, 'index.tsx')));

const at = (path) => join(src, path);

export function frameLayerZones() {
  const zones = [
    {
      target: at('ui'),
      from: [at('features'), at('widgets')],
      message: 'ui/ sits below the features and widgets.',
    },
    {
      target: [at('app/bootstrap'), at('app/i18n'), at('app/store')],
      from: [at('features'), at('widgets')],
      message: 'app/ sits below the features and widgets; only the route table loads widgets.',
    },
    {
      // App.tsx, main.tsx and the like; the route table (routes.ts, loginWidget.ts) loads widgets.
      target: `${at('app')}/!(routes|loginWidget).{ts,tsx}`,
      from: [`${at('features')}/**`, `${at('widgets')}/**`],
      message: 'app/ sits below the features and widgets; only the route table loads widgets.',
    },
    { target: at('features'), from: at('widgets'), message: 'Nothing imports a widget but the route table.' },
    ...widgetFolders().map((dir) => ({
      target: at(dir),
      from: `${at('widgets')}/**`,
      except: [`${at(dir)}/**`],
      message: 'A widget never imports another widget: move the shared piece into a feature.',
    })),
  ];
  for (const feature of folders('features'))
    zones.push({
      target: at(feature),
      from: `${at('features')}/**`,
      except: [`${at(feature)}/**`, `${at('features')}/*/index.ts`],
      message: "A feature reaches another feature only through that feature's index.ts.",
    });
  return zones;
}
