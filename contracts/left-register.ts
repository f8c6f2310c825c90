import { z } from 'zod';
import { ClinicCardSchema, ClinicProfileSchema } from './clinics.ts';

// A clinic that left the register (issue 28 point 4): its page and its followers' list say why and
// since when, instead of a 404 or silence. Only a public clinic that held a certificate has one; one that
// was never certified, or that chose to be hidden, stays unknown to the public (docs/decisions/033).

/** Why a clinic that held a certificate is out of the register: its latest certificate's status. */
export const LEFT_REGISTER_STATUSES = ['withdrawn', 'expired', 'suspended'] as const;
export type LeftRegisterStatus = (typeof LEFT_REGISTER_STATUSES)[number];

export const LeftRegisterSchema = z.object({
  status: z.enum(LEFT_REGISTER_STATUSES),
  /**
   * The Swedish day it happened: the day of the withdrawal or the suspension; for an expired
   * certificate its last valid day (it "gällde till och med").
   */
  day: z.iso.date(),
  /** The certificate, for its verification page and history (`/verifiera/{number}`). */
  certificateNumber: z.string(),
});
export type LeftRegister = z.infer<typeof LeftRegisterSchema>;

/** GET /api/clinics/by-slug/:slug of a clinic that left the register: its name and why, never its contact details. */
export const ClinicLeftRegisterSchema = ClinicCardSchema.pick({
  id: true,
  slug: true,
  fullName: true,
  city: true,
}).extend({ leftRegister: LeftRegisterSchema });
export type ClinicLeftRegister = z.infer<typeof ClinicLeftRegisterSchema>;

/** `/kliniker/{slug}`: a register clinic's page, or what became of a clinic that left the register. */
export const ClinicPageAnswerSchema = z.union([ClinicProfileSchema, ClinicLeftRegisterSchema]);
export type ClinicPageAnswer = z.infer<typeof ClinicPageAnswerSchema>;

/**
 * A followed clinic (GET /api/me/follows): its card while it is in the register (`leftRegister` null), and
 * after it left with why and since when, so its followers keep it in their list until they stop following.
 */
export const FollowedClinicSchema = ClinicCardSchema.extend({ leftRegister: LeftRegisterSchema.nullable() });
export type FollowedClinic = z.infer<typeof FollowedClinicSchema>;
