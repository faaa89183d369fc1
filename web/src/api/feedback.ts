import { Modal as StaticModal, message as staticMessage } from 'antd';
import type { useAppProps } from 'antd/es/app/context';

/**
 * Toasts and dialogs for code outside components (the response handler, logout). The
 * `<FeedbackBridge>` inside antd's `<App>` hands over the themed instances; until it mounts,
 * antd's static functions are used.
 */
let current: Pick<useAppProps, 'message' | 'modal' | 'notification'> | undefined;

export function setFeedback(instances: typeof current): void {
  current = instances;
}

export const feedback = {
  get message() {
    return current?.message ?? staticMessage;
  },
  get modal() {
    return current?.modal ?? StaticModal;
  },
};
