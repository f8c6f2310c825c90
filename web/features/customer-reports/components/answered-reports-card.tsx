import { ArrowRightIcon, MessageSquareReplyIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { useReports } from '../api/get-reports.ts';

/** The answers the overview names: the latest few, the rest are on the reports page. */
const SHOWN = 3;

/**
 * Issue 28 point 2: the customer's overview says which reports the admin has answered (as the email
 * did), most recently answered first, with the way to read the answers. Nothing while none is answered.
 */
export function AnsweredReportsCard() {
  const { t } = useTranslation('customerArea');
  const reports = useReports();
  const answered = (reports.data?.pages.flatMap((page) => page.items) ?? [])
    .filter((report) => report.adminResponse !== null)
    // The answer is the last change of a report: its time is when it was answered.
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .slice(0, SHOWN);
  if (answered.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <MessageSquareReplyIcon className="size-5 text-primary" aria-hidden />
          {t('overview.answers.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-2">
          {answered.map((report) => (
            <li key={report.id} className="text-sm break-words">
              {t('overview.answers.answered', { clinic: report.clinicName, date: formatDate(report.updatedAt) })}
            </li>
          ))}
        </ul>
        <Button asChild variant="outline" className="w-fit">
          <Link to={paths.customerReports}>
            {t('overview.answers.action')}
            <ArrowRightIcon aria-hidden />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
