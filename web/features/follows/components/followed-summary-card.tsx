import { ArrowRightIcon, HeartIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { useFollowedClinics } from '../api/get-followed-clinics.ts';

/** The overview's card of the followed clinics: how many (the list's `total`) and the way to them, or to the register. */
export function FollowedSummaryCard() {
  const { t } = useTranslation('follows');
  const followed = useFollowedClinics();
  const total = followed.data?.pages[0]?.total;

  return (
    <Card className="flex flex-col">
      <CardHeader>
        <HeartIcon className="size-10 rounded-lg bg-secondary p-2 text-primary" aria-hidden />
        <CardTitle as="h2" className="mt-3">
          {t('summary.title')}
        </CardTitle>
        {total === undefined ? (
          followed.isError ? (
            <CardDescription>{t('summary.unavailable')}</CardDescription>
          ) : (
            <Skeleton className="h-5 w-48" />
          )
        ) : (
          <CardDescription>{total === 0 ? t('summary.none') : t('summary.count', { count: total })}</CardDescription>
        )}
      </CardHeader>
      <CardContent className="mt-auto">
        <Button asChild variant="outline">
          <Link to={total === 0 ? paths.clinics : paths.customerFollowed}>
            {total === 0 ? t('summary.findClinics') : t('summary.show')}
            <ArrowRightIcon aria-hidden />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
