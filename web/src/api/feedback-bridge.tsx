import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { setFeedback } from './feedback.js';

/** Hands antd's themed message/modal (inside <App>) to code outside components (feedback.ts). */
export function FeedbackBridge() {
  const { message, modal, notification } = AntApp.useApp();
  useEffect(() => setFeedback({ message, modal, notification }), [message, modal, notification]);
  return null;
}
