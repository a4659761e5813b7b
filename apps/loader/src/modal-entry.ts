/** Entry of dist/modal.js: loaded by the loader on the first `Foyer.open`, it hands `openModal` over. */
import { openModal } from './modal';

(window as unknown as { FoyerModal: typeof openModal }).FoyerModal = openModal;
