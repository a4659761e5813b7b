/** Entry of dist/form.js: loaded on the first `postForm` of a version 1 checkout (see parts.ts). */
import { postForm } from './form';

(window as unknown as { FoyerForm: typeof postForm }).FoyerForm = postForm;
