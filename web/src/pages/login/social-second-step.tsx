import { Modal } from 'antd';
import SecondFactorStep from './second-factor-step.js';

/** The second sign-in step after a social sign-in, over the sign-in page (its form stays below). */
export default function SocialSecondStep({
  ticket,
  tenantId,
  methods,
  onClose,
}: {
  ticket: string;
  tenantId: string;
  methods: string[];
  onClose: () => void;
}) {
  return (
    <Modal open footer={null} onCancel={onClose} destroyOnHidden width={400}>
      <SecondFactorStep ticket={ticket} tenantId={tenantId} methods={methods} onBack={onClose} />
    </Modal>
  );
}
