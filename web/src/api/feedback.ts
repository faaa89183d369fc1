import { Modal as StaticModal, message as staticMessage } from 'antd';
import type { useAppProps } from 'antd/es/app/context';

type FeedbackInstances = Pick<useAppProps, 'message' | 'modal' | 'notification'>;

/**
 * Toasts and dialogs for code outside components (the response handler, logout). A mounted
 * `<FeedbackBridge>` inside antd's `<App>` provides the themed instances; the newest mounted one
 * is used and, when it unmounts, the one it covered again (never an unmounted one); with none
 * mounted, antd's static functions are used.
 */
const provided: FeedbackInstances[] = [];

/** Provides `instances` until the returned function is called. */
export function provideFeedback(instances: FeedbackInstances): () => void {
  provided.push(instances);
  return () => {
    const at = provided.lastIndexOf(instances);
    if (at >= 0) provided.splice(at, 1);
  };
}

const current = (): FeedbackInstances | undefined => provided[provided.length - 1];

export const feedback = {
  get message() {
    return current()?.message ?? staticMessage;
  },
  get modal() {
    return current()?.modal ?? StaticModal;
  },
};
