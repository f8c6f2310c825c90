// The treatments a certificate can cover (issue 22), and the legal requirements each one triggers.
// This file imports nothing, so the web can use it without pulling zod into the landing page's bundle.
//
// - Injections of botulinum toxin and fillers: the clinic must be registered with IVO, and only licensed
//   physicians, dentists and nurses may inject (lag (2021:363) om estetiska kirurgiska ingrepp och
//   estetiska injektionsbehandlingar); customers must be 18.
// - Work that pierces or cuts the skin must be notified to the municipality before it starts
//   (förordning (1998:899) om miljöfarlig verksamhet och hälsoskydd, 38 §).
// - Every treatment needs liability insurance: the body requires it of every certified clinic.

export const LEGAL_REQUIREMENTS = [
  'liability_insurance',
  'ivo_registration',
  'licensed_practitioner',
  'municipal_notification',
] as const;
export type LegalRequirement = (typeof LEGAL_REQUIREMENTS)[number];

export interface Localized {
  sv: string;
  en: string;
}

export interface Treatment {
  name: Localized;
  /** One or two plain sentences for a consumer: what the treatment is. */
  description: Localized;
  requirements: readonly LegalRequirement[];
}

const insured = ['liability_insurance'] as const;
const piercesSkin = ['liability_insurance', 'municipal_notification'] as const;
const injection = ['liability_insurance', 'ivo_registration', 'licensed_practitioner'] as const;

/** The catalogue, in the order forms and pages list it. */
export const TREATMENTS = {
  facial: {
    name: { sv: 'Ansiktsbehandling', en: 'Facial treatment' },
    description: {
      sv: 'Rengöring, peeling med milda produkter, masker och massage av ansiktets hud.',
      en: 'Cleansing, gentle exfoliation, masks and massage of the skin of the face.',
    },
    requirements: insured,
  },
  chemical_peel: {
    name: { sv: 'Kemisk peeling', en: 'Chemical peel' },
    description: {
      sv: 'Syror som löser upp hudens yttersta lager så att ny hud bildas.',
      en: 'Acids that dissolve the outermost layer of the skin so that new skin forms.',
    },
    requirements: insured,
  },
  microneedling: {
    name: { sv: 'Microneedling', en: 'Microneedling' },
    description: {
      sv: 'Fina nålar gör små stick i huden för att sätta igång dess läkning. Bryter huden och ska anmälas till kommunen.',
      en: 'Fine needles make tiny punctures in the skin to start its healing. It breaks the skin and must be notified to the municipality.',
    },
    requirements: piercesSkin,
  },
  laser_hair_removal: {
    name: { sv: 'Hårborttagning med laser och IPL', en: 'Laser and IPL hair removal' },
    description: {
      sv: 'Ljuspulser som skadar hårsäckarna så att håret växer långsammare eller slutar växa.',
      en: 'Pulses of light that damage the hair follicles so that hair grows slower or stops growing.',
    },
    requirements: insured,
  },
  laser_skin: {
    name: { sv: 'Laserbehandling av huden', en: 'Laser skin treatment' },
    description: {
      sv: 'Laser mot pigment, ytliga blodkärl eller ärr; en laser som bryter huden ska anmälas till kommunen.',
      en: 'Laser against pigment, small blood vessels or scars; a laser that breaks the skin must be notified to the municipality.',
    },
    requirements: piercesSkin,
  },
  botulinum_toxin: {
    name: { sv: 'Injektioner med botulinumtoxin', en: 'Botulinum toxin injections' },
    description: {
      sv: 'Injektioner som slappnar av musklerna och jämnar ut rynkor. Kliniken ska vara registrerad hos IVO, bara legitimerad läkare, tandläkare eller sjuksköterska får injicera och kunden ska vara minst 18 år.',
      en: 'Injections that relax the muscles and smooth out wrinkles. The clinic must be registered with IVO, only a licensed physician, dentist or nurse may inject and the customer must be at least 18.',
    },
    requirements: injection,
  },
  fillers: {
    name: { sv: 'Injektioner med fillers', en: 'Filler injections' },
    description: {
      sv: 'Injektioner, oftast med hyaluronsyra, som fyller ut läppar, rynkor eller volym. Kliniken ska vara registrerad hos IVO, bara legitimerad läkare, tandläkare eller sjuksköterska får injicera och kunden ska vara minst 18 år.',
      en: 'Injections, usually of hyaluronic acid, that fill out lips, wrinkles or volume. The clinic must be registered with IVO, only a licensed physician, dentist or nurse may inject and the customer must be at least 18.',
    },
    requirements: injection,
  },
  lash_brow: {
    name: { sv: 'Frans- och brynbehandlingar', en: 'Lash and brow treatments' },
    description: {
      sv: 'Lashlift, färgning, fransförlängning och formning av bryn.',
      en: 'Lash lifts, tinting, lash extensions and brow shaping.',
    },
    requirements: insured,
  },
  waxing: {
    name: { sv: 'Vaxning', en: 'Waxing' },
    description: {
      sv: 'Hårborttagning med varmt eller kallt vax.',
      en: 'Hair removal with warm or cold wax.',
    },
    requirements: insured,
  },
  tattoo_removal: {
    name: { sv: 'Borttagning av tatueringar', en: 'Tattoo removal' },
    description: {
      sv: 'Laser som bryter ned tatueringens färg; huden kan brytas och verksamheten ska anmälas till kommunen.',
      en: 'Laser that breaks down the ink of a tattoo; the skin may break and the work must be notified to the municipality.',
    },
    requirements: piercesSkin,
  },
  piercing: {
    name: { sv: 'Piercing', en: 'Piercing' },
    description: {
      sv: 'Hål i huden för smycken. Bryter huden och ska anmälas till kommunen.',
      en: 'Holes in the skin for jewellery. It breaks the skin and must be notified to the municipality.',
    },
    requirements: piercesSkin,
  },
} as const satisfies Record<string, Treatment>;

export type TreatmentId = keyof typeof TREATMENTS;
export const TREATMENT_IDS = Object.keys(TREATMENTS) as [TreatmentId, ...TreatmentId[]];

export const isTreatmentId = (value: string): value is TreatmentId => Object.hasOwn(TREATMENTS, value);

/** The requirements a set of treatments triggers, in the order of LEGAL_REQUIREMENTS. */
export function requirementsOf(treatments: readonly TreatmentId[]): LegalRequirement[] {
  const triggered = new Set<LegalRequirement>(treatments.flatMap((id) => TREATMENTS[id].requirements));
  return LEGAL_REQUIREMENTS.filter((requirement) => triggered.has(requirement));
}

/** The catalogue's order, so a scope reads the same everywhere whatever order it was chosen in. */
export const inCatalogueOrder = (treatments: readonly TreatmentId[]): TreatmentId[] =>
  TREATMENT_IDS.filter((id) => treatments.includes(id));
