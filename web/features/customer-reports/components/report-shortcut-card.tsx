import { ArrowRightIcon, FlagIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';

/** The overview's card for reporting a problem with a clinic. */
export function ReportShortcutCard() {
  const { t } = useTranslation('customerArea');
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <FlagIcon className="size-10 rounded-lg bg-secondary p-2 text-primary" aria-hidden />
        <CardTitle as="h2" className="mt-3">
          {t('overview.report.title')}
        </CardTitle>
        <CardDescription>{t('overview.report.text')}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto">
        <Button asChild variant="outline">
          <Link to={paths.customerReports}>
            {t('overview.report.action')}
            <ArrowRightIcon aria-hidden />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
