import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { provideFeedback } from './feedback.js';

/** Hands antd's themed message/modal (inside <App>) to code outside components (feedback.ts) while mounted. */
export function FeedbackBridge() {
  const { message, modal, notification } = AntApp.useApp();
  useEffect(() => provideFeedback({ message, modal, notification }), [message, modal, notification]);
  return null;
}
