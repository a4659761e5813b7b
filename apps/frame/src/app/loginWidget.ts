/**
 * The login widget's lazily loaded component, one download shared by its route (routes.ts) and by
 * registration's 'log in instead' panel. Registration reaches the login widget through here, part
 * of the route table, and never imports a widget itself (the layer rule in eslint.config.js).
 */
import type { LoginAttributes } from '@foyer/protocol';
import { lazyWidget } from './lazyWidget';
import type { WidgetProps } from './widgetProps';

export const loginWidget = lazyWidget<WidgetProps<LoginAttributes>>(() => import('../widgets/login'));
