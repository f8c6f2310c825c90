import { LocateFixedIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/** Decimals of a degree kept of the visitor's position: some 10 m, closer than a town's centre and short in the address. */
const POSITION_DECIMALS = 4;

type Refusal = 'denied' | 'unavailable';
// GeolocationPositionError.PERMISSION_DENIED, by value: the class is missing where there is no geolocation.
const PERMISSION_DENIED = 1;

/**
 * "Nära mig": asks the browser for the visitor's position only when pressed, and hands it on as the
 * address writes it. Refused or unavailable, it says so and hands nothing on, so the list stays.
 */
export function NearMeButton({ onPosition }: { onPosition: (lat: string, lon: string) => void }) {
  const { t } = useTranslation('clinics');
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>();

  const ask = () => {
    setRefusal(undefined);
    if (!('geolocation' in navigator)) {
      setRefusal('unavailable');
      return;
    }
    setAsking(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setAsking(false);
        onPosition(coords.latitude.toFixed(POSITION_DECIMALS), coords.longitude.toFixed(POSITION_DECIMALS));
      },
      (error) => {
        setAsking(false);
        setRefusal(error.code === PERMISSION_DENIED ? 'denied' : 'unavailable');
      },
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };

  return (
    <div className="grid gap-2">
      <Button type="button" variant="outline" onClick={ask} pending={asking}>
        <LocateFixedIcon aria-hidden />
        {t('register.nearMe')}
      </Button>
      <p role="status" className="max-w-xs text-sm text-destructive empty:hidden">
        {refusal === 'denied'
          ? t('register.positionDenied')
          : refusal === 'unavailable'
            ? t('register.positionUnavailable')
            : null}
      </p>
    </div>
  );
}
