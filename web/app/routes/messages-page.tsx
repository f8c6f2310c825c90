import { useTranslation } from 'react-i18next';
import type { Role } from '../../../contracts/constants.ts';
import { DashboardPage } from '../../components/layouts/dashboard-page.tsx';
import { Inbox } from '../../features/messages/components/inbox.tsx';
import { SupportButton } from '../../features/messages/components/support-button.tsx';
import { useSiteTitle } from '../../features/site/api/get-site-settings.ts';

/**
 * The messages page of every dashboard area (issue 11): the inbox, and for customers and clinics a way
 * to start a conversation with the support team (the admins answer it in theirs).
 */
export function MessagesPage({ area }: { area: Role }) {
  const { t } = useTranslation(['dashboard', 'messages']);
  const teamName = useSiteTitle();
  return (
    <DashboardPage title={t(`dashboard:${area}.messages.title`)} intro={t(`messages:intro.${area}`)}>
      {area === 'admin' ? null : (
        <div className="mb-6">
          <SupportButton teamName={teamName} />
        </div>
      )}
      <Inbox teamName={teamName} />
    </DashboardPage>
  );
}
