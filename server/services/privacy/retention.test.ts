import { rmSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { COMPLETE_APPLICATION } from '../../../contracts/testing/complete-application.ts';
import { clinicDocuments, clinicFacts, clinicSubmissions, fileDeletions, profiles } from '../../db/schema/index.ts';
import { OUTBOX_FOLDER } from '../../lib/mailer.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../testing/auth-client.ts';
import { captureLog } from '../../testing/log-capture.ts';
import { readOutbox } from '../../testing/outbox.ts';
import { certifyClinic, describeEachEngine } from '../../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../../testing/uploads.ts';
import { denyApplication } from '../admin/decisions.ts';
import { DOCUMENTS_BUCKET } from '../clinic-area/clinic-documents.ts';
import { type RetentionPeriods, runRetention } from './retention.ts';
import { orderMembership } from '../../testing/payments.ts';

const DAY = 24 * 60 * 60 * 1000;
/** The defaults of server/env.ts: 12 months, 7 years, 30 days, 30 days. */
const PERIODS: RetentionPeriods = {
  unsentApplicationDocumentsDays: 365,
  decisionDocumentsDays: 2557,
  deletedAccountDocumentsDays: 30,
  outboxDays: 30,
};
const later = (from: Date, days: number) => new Date(from.getTime() + days * DAY);

const captured = captureLog('info');
let clock = new Date();

describeEachEngine(
  'retention',
  { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL }, logger: captured.logger, now: () => clock },
  (t) => {
    /** One run of the job, as app.ts starts it, at the app's clock. */
    const run = (fileStore: FileStore = t.app.fileStore) =>
      runRetention(
        { db: t.db, fileStore, dataDir: t.dataDir, periods: PERIODS, log: t.app.log.child({ job: 'retention' }) },
        t.app.now(),
      );
    const logged = () =>
      captured.lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.job === 'retention');
    const resetAll = () => {
      clock = new Date();
      captured.lines.length = 0;
      // The outbox outlives reset(): each test starts without the emails of earlier ones.
      rmSync(path.join(t.dataDir, OUTBOX_FOLDER), { recursive: true, force: true });
    };

    async function upload(token: string, fileName: string) {
      const body = multipartFile(fileName, sampleFiles.pdf(), { contentType: 'application/pdf' });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/clinic/documents',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(token) },
      });
      expect(response.statusCode).toBe(201);
      const [row] = await t.db.select().from(clinicDocuments).where(eq(clinicDocuments.id, response.json().id));
      if (!row) throw new Error('The uploaded document has no row');
      return row;
    }
    /** Whether the document's row and its file are there. */
    async function stored(document: { id: string; storagePath: string }) {
      const [row] = await t.db.select().from(clinicDocuments).where(eq(clinicDocuments.id, document.id));
      const file = await t.app.fileStore.get(DOCUMENTS_BUCKET, document.storagePath);
      file?.body.destroy();
      return { row: row !== undefined, file: file !== null };
    }
    const queued = () => t.db.select().from(fileDeletions);
    async function sendIn(token: string, companyName: string) {
      const call = (method: 'PATCH' | 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url, payload, headers: bearer(token) });
      expect(
        (await call('PATCH', '/api/clinic/application', { ...COMPLETE_APPLICATION, companyName })).statusCode,
      ).toBe(200);
      await orderMembership(t.app, token);
      expect((await call('POST', '/api/clinic/application/submit')).statusCode).toBe(200);
    }

    it("keeps a never-sent-in application's document 11 months and removes row and file after 12, logging counts only", async () => {
      resetAll();
      const clinic = await signUpAs(t.app, 'clinic', 'Aldrig Inskickad');
      const document = await upload(clinic.token, 'personalliggare-anna-svensson.pdf');

      clock = later(document.createdAt, 335);
      expect(await run()).toMatchObject({ unsentApplicationDocuments: 0, removedFiles: 0 });
      expect(await stored(document)).toEqual({ row: true, file: true });
      // Nothing removed, nothing said.
      expect(logged()).toEqual([]);

      clock = later(document.createdAt, 366);
      expect(await run()).toEqual({
        unsentApplicationDocuments: 1,
        deletedClinicDecisionDocuments: 0,
        deletedClinicOtherDocuments: 0,
        outboxMessages: 0,
        removedFiles: 1,
        failedFileDeletions: [],
      });
      expect(await stored(document)).toEqual({ row: false, file: false });
      expect(await queued()).toEqual([]);

      const lines = logged();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 30,
        msg: 'retention removed what it no longer needs',
        unsentApplicationDocuments: 1,
        deletedClinicDecisionDocuments: 0,
        deletedClinicOtherDocuments: 0,
        outboxMessages: 0,
        removedFiles: 1,
      });
      // A path holds the file's name, which may name a person: never in the log.
      expect(captured.lines.join('\n')).not.toContain('anna-svensson');
    });

    it("keeps a deleted clinic's documents that back a decision 7 years and removes the others after 30 days", async () => {
      resetAll();
      const admin = await signUpAs(t.app, 'admin');
      const clinic = await signUpAs(t.app, 'clinic', 'Borttagna Kliniken');
      const decided = await upload(clinic.token, 'forsakringsbrev.pdf');
      await sendIn(clinic.token, 'Borttagna Kliniken AB');
      // The admin decided with the first document before them.
      await denyApplication(
        t.db,
        t.app.fileStore,
        { mailer: t.app.mailer, siteUrl: t.app.authSettings.siteUrl },
        admin.id,
        clinic.id,
        'Försäkringen saknas',
        new Date(),
      );
      // Uploaded after the decision: one is the evidence of a fact an admin checked, the other backs nothing.
      const evidence = await upload(clinic.token, 'utbildningsintyg.pdf');
      const unused = await upload(clinic.token, 'utkast.pdf');
      const [fact] = await t.db
        .insert(clinicFacts)
        .values({
          clinicId: clinic.id,
          kind: 'liability_insurance',
          details: { insurer: 'Exempelförsäkring AB', policyNumber: 'EXEMPEL-1' },
          documentId: evidence.id,
          validUntil: '2030-12-31',
          status: 'verified',
          checkedBy: admin.id,
          checkedAt: new Date(),
        })
        .returning();
      // Sent in, never decided: the deletion settles its application, which backs nothing.
      const waiting = await signUpAs(t.app, 'clinic', 'Väntande Kliniken');
      const neverDecided = await upload(waiting.token, 'intyg.pdf');
      await sendIn(waiting.token, 'Väntande Kliniken AB');
      // The deletion as services/privacy/account-deletion.ts leaves the rows, all stamped with its time:
      // marked deleted, the open application denied, the profile's last decision that time.
      const deletedAt = new Date();
      await t.db
        .update(clinicSubmissions)
        .set({ decision: 'denied', decidedAt: deletedAt })
        .where(and(eq(clinicSubmissions.clinicId, waiting.id), isNull(clinicSubmissions.decision)));
      await t.db
        .update(profiles)
        .set({ deletedAt, applicationDecidedAt: deletedAt })
        .where(inArray(profiles.id, [clinic.id, waiting.id]));

      clock = later(deletedAt, 29);
      expect(await run()).toMatchObject({ deletedClinicOtherDocuments: 0, deletedClinicDecisionDocuments: 0 });
      expect(await stored(unused)).toEqual({ row: true, file: true });
      expect(await stored(neverDecided)).toEqual({ row: true, file: true });

      clock = later(deletedAt, 31);
      expect(await run()).toMatchObject({
        deletedClinicOtherDocuments: 2,
        deletedClinicDecisionDocuments: 0,
        unsentApplicationDocuments: 0,
        removedFiles: 2,
      });
      expect(await stored(unused)).toEqual({ row: false, file: false });
      expect(await stored(neverDecided)).toEqual({ row: false, file: false });
      expect(await stored(decided)).toEqual({ row: true, file: true });
      expect(await stored(evidence)).toEqual({ row: true, file: true });

      clock = later(deletedAt, 2556);
      expect(await run()).toMatchObject({ deletedClinicDecisionDocuments: 0 });

      clock = later(deletedAt, 2558);
      expect(await run()).toMatchObject({ deletedClinicDecisionDocuments: 2, removedFiles: 2 });
      expect(await stored(decided)).toEqual({ row: false, file: false });
      expect(await stored(evidence)).toEqual({ row: false, file: false });
      expect(await queued()).toEqual([]);
      // The check stays on the record; only its document is gone.
      const [checked] = await t.db
        .select()
        .from(clinicFacts)
        .where(eq(clinicFacts.id, fact?.id ?? ''));
      expect(checked).toMatchObject({ status: 'verified', documentId: null });
    });

    it('never touches the documents of a clinic that sent in or is certified, however old; two runs at once remove a document once', async () => {
      resetAll();
      const sentIn = await signUpAs(t.app, 'clinic', 'Inskickade Kliniken');
      const waiting = await upload(sentIn.token, 'intyg.pdf');
      await sendIn(sentIn.token, 'Inskickade Kliniken AB');
      const certified = await signUpAs(t.app, 'clinic', 'Certifierade Kliniken');
      const reviewed = await upload(certified.token, 'intyg.pdf');
      await certifyClinic(t.db, certified.id);
      const draft = await signUpAs(t.app, 'clinic', 'Utkastkliniken');
      const unsent = await upload(draft.token, 'utkast.pdf');

      clock = later(new Date(), 8 * 366);
      const runs = await Promise.all([run(), run()]);
      expect(runs.map((one) => one.unsentApplicationDocuments).sort()).toEqual([0, 1]);
      expect(runs.reduce((sum, one) => sum + one.removedFiles, 0)).toBe(1);
      expect(runs.flatMap((one) => one.failedFileDeletions)).toEqual([]);
      expect(await stored(unsent)).toEqual({ row: false, file: false });
      expect(await stored(waiting)).toEqual({ row: true, file: true });
      expect(await stored(reviewed)).toEqual({ row: true, file: true });
    });

    it('removes outbox messages older than 30 days and keeps the newer ones', async () => {
      resetAll();
      for (const subject of ['gammalt', 'nästan gammalt', 'nytt'])
        await t.app.mailer.send({ to: 'kund@klinik.example', subject, text: 'Hej' });
      const [old, almost] = await readOutbox(t.dataDir);
      const age = (file: string, days: number) => {
        const when = later(clock, -days);
        utimesSync(path.join(t.dataDir, OUTBOX_FOLDER, file), when, when);
      };
      age(old?.file ?? '', 31);
      age(almost?.file ?? '', 29);

      expect(await run()).toMatchObject({ outboxMessages: 1 });
      expect((await readOutbox(t.dataDir)).map((email) => email.subject)).toEqual(['nästan gammalt', 'nytt']);
      expect(logged()[0]).toMatchObject({ outboxMessages: 1 });
    });

    it('keeps a file the store refused to delete queued with the reason, and removes it on the next run', async () => {
      resetAll();
      const clinic = await signUpAs(t.app, 'clinic', 'Trasiga Lagret');
      const document = await upload(clinic.token, 'intyg.pdf');
      const store = t.app.fileStore;
      let refusals = 1;
      const flaky: FileStore = {
        kind: store.kind,
        put: (...args) => store.put(...args),
        get: (...args) => store.get(...args),
        list: (...args) => store.list(...args),
        removeAbandonedUploads: (...args) => store.removeAbandonedUploads(...args),
        async delete(...args) {
          if (refusals-- > 0) throw new Error('The store is unavailable');
          return store.delete(...args);
        },
      };

      clock = later(document.createdAt, 366);
      const first = await run(flaky);
      expect(first).toMatchObject({ unsentApplicationDocuments: 1, removedFiles: 0 });
      expect(first.failedFileDeletions).toHaveLength(1);
      expect(await stored(document)).toEqual({ row: false, file: true });
      expect(await queued()).toEqual([
        expect.objectContaining({
          id: first.failedFileDeletions[0],
          bucket: DOCUMENTS_BUCKET,
          path: document.storagePath,
          attempts: 1,
          lastError: 'The store is unavailable',
        }),
      ]);
      expect(logged().find((line) => line.level === 40)).toMatchObject({
        fileDeletions: first.failedFileDeletions,
      });

      const second = await run(flaky);
      expect(second).toMatchObject({ unsentApplicationDocuments: 0, removedFiles: 1, failedFileDeletions: [] });
      expect(await stored(document)).toEqual({ row: false, file: false });
      expect(await queued()).toEqual([]);
    });
  },
);
