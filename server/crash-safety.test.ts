import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from './db/client.ts';
import { clinicDocuments, messages } from './db/schema/index.ts';
import { createLocalFileStore } from './lib/storage/local-file-store.ts';
import { ORPHAN_GRACE_MS, reconcileFileStore } from './services/storage-reconcile.ts';
import { type AppProcess, signUpThrough, startAppProcess } from './testing/app-process.ts';
import { completeApplication } from './testing/application.ts';
import { verifyAllFacts } from './testing/facts.ts';
import { certifyClinic, testEngines, truncateAllTables } from './testing/test-app.ts';
import { multipartFile, sampleFiles } from './testing/uploads.ts';

// Issue 12 point 5: an app process killed with SIGKILL in the middle of uploads, message sends and
// approvals, then restarted on the same database and data directory, has lost nothing it
// acknowledged and left nothing half done.

const postgresUrl = testEngines().find(({ engine }) => engine === 'postgres')?.databaseUrl ?? null;
const ADMIN_EMAIL = 'krasch-admin@klinik.example';
const APPLICATION = completeApplication('Kraschklinik AB');

interface Acknowledged {
  documents: { id: string; sizeBytes: number }[];
  messages: string[];
  approvals: string[];
}

async function call(
  origin: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
  upload?: ReturnType<typeof multipartFile>,
) {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(upload ? upload.headers : body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: upload ? new Uint8Array(upload.payload) : body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

/** Every file under the local file store's folder of a bucket, as `path` relative to it. */
async function storedFiles(dataDir: string, bucket: string): Promise<Map<string, number>> {
  const root = path.join(dataDir, 'storage', bucket);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = new Map<string, number>();
  for (const entry of entries.filter((item) => item.isFile())) {
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, full).split(path.sep).join('/'), (await stat(full)).size);
  }
  return files;
}

describe.runIf(postgresUrl)('crash safety: SIGKILL during uploads, messages and approvals', () => {
  const url = postgresUrl as string;
  let handle: DatabaseHandle;
  let app: AppProcess;
  const env = { ADMIN_EMAIL };

  beforeAll(async () => {
    handle = await openDatabase({ url, poolSize: 2 });
    await handle.migrate();
    await truncateAllTables(handle.db);
    app = await startAppProcess(url, { env });
  });
  afterAll(async () => {
    await app?.stop();
    await handle?.close();
  });

  it('keeps every acknowledged write, with its file, and no approval without its certificate, over three crashes', async () => {
    const admin = await signUpThrough(app.origin, 'customer', 'Krasch Admin', ADMIN_EMAIL);
    const customer = await signUpThrough(app.origin, 'customer', 'Karin Kund');
    const target = await signUpThrough(app.origin, 'clinic', 'Mottagande Klinik');
    // The clinic the customer writes to: certified as an approval leaves it, with its certificate.
    await certifyClinic(handle.db, target.id);
    const uploaders = await Promise.all(
      [1, 2, 3].map((index) => signUpThrough(app.origin, 'clinic', `Uppladdare ${index}`)),
    );
    const acknowledged: Acknowledged = { documents: [], messages: [], approvals: [] };
    const crashes: { killedAfterMs: number; inFlightFailed: number }[] = [];

    for (const killAfterMs of [300, 700, 1200]) {
      // Clinics with a complete application sent in and their facts verified, for the admin to approve during the crash.
      const applicants = await Promise.all(
        [1, 2, 3].map((index) => signUpThrough(app.origin, 'clinic', `Sökande ${killAfterMs}-${index}`)),
      );
      for (const applicant of applicants) {
        expect((await call(app.origin, applicant.token, 'PATCH', '/api/clinic/application', APPLICATION)).status).toBe(
          200,
        );
        expect(
          (
            await call(
              app.origin,
              applicant.token,
              'POST',
              '/api/clinic/documents',
              undefined,
              multipartFile('intyg.pdf', sampleFiles.pdf(2_000)),
            )
          ).status,
        ).toBe(201);
        // Sending in needs the year's membership ordered (issue 25).
        const membership = await call(app.origin, applicant.token, 'GET', '/api/clinic/membership');
        const order = { planId: (membership.body as { plans: { id: string }[] }).plans[0]?.id };
        expect((await call(app.origin, applicant.token, 'POST', '/api/clinic/membership/orders', order)).status).toBe(
          201,
        );
        expect((await call(app.origin, applicant.token, 'POST', '/api/clinic/application/submit')).status).toBe(200);
        await verifyAllFacts(handle.db, applicant.id);
      }

      let crashed = false;
      let failed = 0;
      const keepGoing = async (work: () => Promise<void>) => {
        while (!crashed) await work().catch(() => void (failed += 1));
      };
      const uploads = uploaders.map((uploader, index) =>
        keepGoing(async () => {
          const size = 50_000 + index * 70_000;
          const answer = await call(
            app.origin,
            uploader.token,
            'POST',
            '/api/clinic/documents',
            undefined,
            multipartFile(`dokument-${size}.pdf`, sampleFiles.pdf(size)),
          );
          if (answer.status === 201)
            acknowledged.documents.push({ id: String(answer.body?.id), sizeBytes: Number(answer.body?.sizeBytes) });
        }),
      );
      const sends = keepGoing(async () => {
        const answer = await call(app.origin, customer.token, 'POST', '/api/messages', {
          to: { kind: 'user', id: target.id },
          content: `Meddelande ${acknowledged.messages.length}`,
        });
        if (answer.status === 201)
          acknowledged.messages.push(String((answer.body?.message as { id: string } | undefined)?.id));
      });
      const approvals = (async () => {
        for (const applicant of applicants) {
          if (crashed) return;
          const answer = await call(
            app.origin,
            admin.token,
            'POST',
            `/api/admin/clinics/${applicant.id}/approve-application`,
          ).catch(() => ({ status: 0, body: null }));
          if (answer.status === 200) acknowledged.approvals.push(applicant.id);
          await new Promise((resolve) => setTimeout(resolve, killAfterMs / 4));
        }
      })();

      await new Promise((resolve) => setTimeout(resolve, killAfterMs));
      await app.kill();
      crashed = true;
      await Promise.all([...uploads, sends, approvals]);
      crashes.push({ killedAfterMs: killAfterMs, inFlightFailed: failed });
      app = await startAppProcess(url, { dataDir: app.dataDir, env });
    }

    expect(acknowledged.documents.length).toBeGreaterThan(3);
    expect(acknowledged.messages.length).toBeGreaterThan(3);
    expect(acknowledged.approvals.length).toBeGreaterThan(0);

    // Every acknowledged document has its row and its whole file.
    const files = await storedFiles(app.dataDir, 'clinic-documents');
    const rows = await handle.db
      .select({ id: clinicDocuments.id, path: clinicDocuments.storagePath, sizeBytes: clinicDocuments.sizeBytes })
      .from(clinicDocuments);
    const rowsById = new Map(rows.map((row) => [row.id, row]));
    for (const document of acknowledged.documents) {
      const row = rowsById.get(document.id);
      expect(row, `document ${document.id}`).toBeDefined();
      expect(files.get(row?.path ?? '')).toBe(document.sizeBytes);
    }
    // No row without its file, and once the orphan grace has passed, no file without its row.
    for (const row of rows) expect(files.has(row.path), `file of ${row.id}`).toBe(true);
    await reconcileFileStore(
      handle.db,
      createLocalFileStore(path.join(app.dataDir, 'storage')),
      new Date(Date.now() + 2 * ORPHAN_GRACE_MS),
    );
    const known = new Set(rows.map((row) => row.path));
    expect([...(await storedFiles(app.dataDir, 'clinic-documents')).keys()].filter((file) => !known.has(file))).toEqual(
      [],
    );
    expect(await readdir(path.join(app.dataDir, 'storage', '.tmp')).catch(() => [])).toEqual([]);

    // Every acknowledged message is stored.
    const storedMessages = new Set((await handle.db.select({ id: messages.id }).from(messages)).map((row) => row.id));
    expect(acknowledged.messages.filter((id) => !storedMessages.has(id))).toEqual([]);

    // No half-applied decision: approved ⇔ certified ⇔ an active certificate, for every clinic.
    const halfDone = await queryRows<{ id: string }>(
      handle.db,
      sql`SELECT p.id FROM profiles p
          WHERE p.role = 'clinic'
            AND ((p.application_status = 'Godkänd') <> p.is_certified
                 OR p.is_certified <> EXISTS (SELECT 1 FROM certificates c WHERE c.clinic_id = p.id AND c.status = 'active'))`,
    );
    expect(halfDone).toEqual([]);
    const certified = await queryRows<{ id: string }>(
      handle.db,
      sql`SELECT clinic_id AS id FROM certificates WHERE status = 'active'`,
    );
    expect(acknowledged.approvals.filter((id) => !certified.some((row) => row.id === id))).toEqual([]);
    console.info(
      `crash safety: ${crashes.length} SIGKILLs (${crashes.map((crash) => `${crash.killedAfterMs} ms, ${crash.inFlightFailed} requests cut off`).join('; ')}); acknowledged ${acknowledged.documents.length} uploads, ${acknowledged.messages.length} messages, ${acknowledged.approvals.length} approvals: all stored`,
    );
  }, 120_000);
});
