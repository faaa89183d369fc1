import InfoPage from '../pages/info-page.js';

/** Personal info inside the portal: the admin console's own page, so both stay one form. */
export default function PortalInfo() {
  return (
    <div data-screen="portal-info">
      <InfoPage />
    </div>
  );
}
