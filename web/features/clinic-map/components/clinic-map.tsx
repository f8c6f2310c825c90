import 'maplibre-gl/dist/maplibre-gl.css';
import { LngLatBounds, Map as MapLibreMap, Marker, NavigationControl, Popup, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { MAX_MARKER_ZOOM, type MapClinic, markerSpots, SWEDEN_VIEW } from '../lib/map-clinic.ts';
import { MapCard } from './map-card.tsx';
import { MapUnavailable } from './map-unavailable.tsx';

// MapLibre's worker is a file of the build, so the CSP's script-src 'self' covers it: no blob: workers.
setWorkerUrl(workerUrl);

/** MapLibre's own control texts, in the page's language. */
const CONTROL_TEXTS = [
  'AttributionControl.ToggleAttribution',
  'Map.Title',
  'NavigationControl.ResetBearing',
  'NavigationControl.ZoomIn',
  'NavigationControl.ZoomOut',
  'Popup.Close',
] as const;

/** Whether this browser can draw the map: MapLibre needs WebGL 2. */
function canDrawMaps(): boolean {
  try {
    return document.createElement('canvas').getContext('webgl2') !== null;
  } catch {
    return false;
  }
}

/**
 * The register's clinics as markers on a MapLibre map of `styleUrl` (issue 24 point 4). Loaded only
 * when a visitor opens the map (clinic-map-toggle.tsx), so no other page carries MapLibre. A browser
 * without WebGL, or a style that does not load, gets a sentence instead: the list shows the same clinics.
 */
export default function ClinicMap({ styleUrl, clinics }: { styleUrl: string; clinics: readonly MapClinic[] }) {
  const { t } = useTranslation('clinicMap');
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap>();
  const [failed, setFailed] = useState(() => !canDrawMaps());
  // One marker per position (a town's clinics share its centre, and stacked markers hide all but the
  // top one): its popup holds the cards of every clinic there, rendered by React (so links are the router's).
  const spots = useMemo(
    () => markerSpots(clinics).map((spot) => ({ ...spot, element: document.createElement('div') })),
    [clinics],
  );

  useEffect(() => {
    const element = container.current;
    if (!element || failed) return;
    const created = new MapLibreMap({
      container: element,
      style: styleUrl,
      ...SWEDEN_VIEW,
      attributionControl: { compact: false },
      locale: Object.fromEntries(CONTROL_TEXTS.map((key) => [key, t(`controls.${key}`)])),
    });
    created.addControl(new NavigationControl({ showCompass: false }));
    const failBeforeLoad = () => {
      if (!created.loaded()) setFailed(true);
    };
    created.once('error', failBeforeLoad);
    created.once('load', () => created.off('error', failBeforeLoad));
    setMap(created);
    return () => {
      created.remove();
      setMap(undefined);
    };
  }, [styleUrl, t, failed]);

  useEffect(() => {
    if (!map || spots.length === 0) return;
    const bounds = new LngLatBounds();
    const markers = spots.map(({ clinics: here, position: { latitude, longitude }, element }) => {
      bounds.extend([longitude, latitude]);
      const marker = new Marker({ color: '#0f766e' })
        .setLngLat([longitude, latitude])
        .setPopup(new Popup({ offset: 32, maxWidth: '18rem' }).setDOMContent(element));
      const names = here.map(({ fullName }) => fullName);
      marker
        .getElement()
        .setAttribute(
          'aria-label',
          names.length === 1 ? names.join('') : t('clinicsHere', { count: names.length, names: names.join(', ') }),
        );
      return marker.addTo(map);
    });
    map.fitBounds(bounds, { padding: 48, maxZoom: MAX_MARKER_ZOOM, animate: false });
    return () => {
      for (const marker of markers) marker.remove();
    };
  }, [map, spots, t]);

  if (failed) return <MapUnavailable />;
  return (
    <>
      <div ref={container} className="h-[26rem] w-full overflow-hidden rounded-lg border" />
      {spots.map(({ key, clinics: here, element }) =>
        createPortal(
          <ul className="grid max-h-48 gap-3 overflow-y-auto">
            {here.map((clinic) => (
              <li key={clinic.id}>
                <MapCard clinic={clinic} />
              </li>
            ))}
          </ul>,
          element,
          key,
        ),
      )}
    </>
  );
}
