/** Entry of dist/disqus.js: loaded by pages whose settings name a Disqus site (see disqus.ts). */
import { startCommentBridge } from './disqus';

(window as unknown as { FoyerDisqus: typeof startCommentBridge }).FoyerDisqus = startCommentBridge;
