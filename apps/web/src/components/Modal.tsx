// Kept for existing callers; new code imports Dialog.
export { Dialog as Modal, type DialogProps as ModalProps } from './Dialog.tsx';
