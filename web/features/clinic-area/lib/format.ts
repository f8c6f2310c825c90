// What only the clinic area formats; dates and file sizes come from web/lib/format.ts. SPEC section 9
// "Dates are shown in the Swedish locale": percentages follow it too.
const LOCALE = 'sv-SE';

const percentFormat = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 });

/** `17 %` from 17 */
export const formatPercent = (percent: number) => percentFormat.format(percent / 100);

/** The size SPEC section 5 writes in the too-large message: megabytes with two decimals, `21.00`. */
export const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(2);
