import { boot } from './index';

boot();
