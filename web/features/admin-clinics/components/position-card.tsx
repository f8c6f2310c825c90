import { MapPinIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicOwnProfile } from '../../../../contracts/clinic-area.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field, FieldError, FieldLabel } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCorrectClinicPosition } from '../api/correct-clinic-position.ts';

/** Decimal degrees as typed, with a point or the Swedish comma. */
const degrees = (text: string) => Number(text.trim().replace(',', '.'));

/**
 * Where the register places the clinic (issue 24): its town's position from the list of places, or
 * where an admin put it; and the admin's correction, which stays until the clinic names another town.
 */
export function PositionCard({ clinic }: { clinic: Pick<ClinicOwnProfile, 'id' | 'city' | 'position'> }) {
  const { t } = useTranslation('admin');
  const formId = useId();
  const { position } = clinic;
  const [latitude, setLatitude] = useState(position ? String(position.latitude) : '');
  const [longitude, setLongitude] = useState(position ? String(position.longitude) : '');
  const [error, setError] = useState<string | null>(null);
  const correct = useCorrectClinicPosition({
    onSuccess: () => toast({ title: t('position.saved'), variant: 'success' }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await correct.mutateAsync({ clinicId: clinic.id, latitude: degrees(latitude), longitude: degrees(longitude) });
    } catch (failure) {
      setError(apiErrorMessage(failure));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('position.title')}</CardTitle>
        <CardDescription>
          {!position
            ? t('position.missing')
            : position.source === 'admin'
              ? t('position.fromAdmin')
              : t('position.fromTown', { city: clinic.city ?? '' })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field data-invalid={Boolean(error)}>
              <FieldLabel htmlFor={`${formId}-latitude`}>{t('position.latitude')}</FieldLabel>
              <Input
                id={`${formId}-latitude`}
                inputMode="decimal"
                value={latitude}
                onChange={(event) => setLatitude(event.target.value)}
                aria-describedby={error ? `${formId}-error` : undefined}
              />
            </Field>
            <Field data-invalid={Boolean(error)}>
              <FieldLabel htmlFor={`${formId}-longitude`}>{t('position.longitude')}</FieldLabel>
              <Input
                id={`${formId}-longitude`}
                inputMode="decimal"
                value={longitude}
                onChange={(event) => setLongitude(event.target.value)}
                aria-describedby={error ? `${formId}-error` : undefined}
              />
            </Field>
          </div>
          <FieldError id={`${formId}-error`} role="alert">
            {error}
          </FieldError>
          <Button type="submit" variant="outline" className="w-fit" pending={correct.isPending}>
            <MapPinIcon aria-hidden />
            {t('position.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
