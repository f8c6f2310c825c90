/** The attribution the fake tile service's style carries for its data, as a real one does; the tests look for it on the map. */
export const FAKE_MAP_ATTRIBUTION = '© Exempelkartan (testdata)';
