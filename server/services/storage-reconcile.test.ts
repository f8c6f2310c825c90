import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ClinicDocumentSchema, ClinicOwnProfileSchema } from '../../contracts/clinic-area.ts';
import { clinicDocuments, profiles } from '../db/schema/index.ts';
import type { Bucket } from '../lib/storage/file-store.ts';
import { bearer, createAuthClient, newAccount, signUpWith } from '../testing/auth-client.ts';
import { describeEachEngine } from '../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../testing/uploads.ts';
import { ORPHAN_GRACE_MS, reconcileFileStore } from './storage-reconcile.ts';

describeEachEngine('reconcileFileStore (at start)', {}, (t) => {
  async function clinicWithDocument() {
    const session = await signUpWith(createAuthClient(t.app), newAccount({ role: 'clinic', fullName: 'Kliniken' }));
    const upload = (url: string, file: ReturnType<typeof multipartFile>) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: file.payload,
        headers: { ...file.headers, ...bearer(session.access_token) },
      });
    const uploaded = await upload('/api/clinic/documents', multipartFile('intyg.pdf', sampleFiles.pdf()));
    const cover = await upload('/api/clinic/cover', multipartFile('omslag.png', sampleFiles.png()));
    return {
      id: session.user.id,
      token: session.access_token,
      document: ClinicDocumentSchema.parse(uploaded.json()),
      cover: ClinicOwnProfileSchema.parse(cover.json()),
    };
  }

  const storedPaths = async (bucket: Bucket) => {
    const paths: string[] = [];
    for await (const file of t.app.fileStore.list(bucket)) paths.push(file.path);
    return paths.sort();
  };

  it('removes a file left without its row by a crash, once it is older than an upload can take', async () => {
    const clinic = await clinicWithDocument();
    const orphan = `${clinic.id}/4b0a3f4e-9d7e-4c1b-8a57-1f0f5b3c2d11-halvfardig.pdf`;
    await t.app.fileStore.put('clinic-documents', orphan, Readable.from([sampleFiles.pdf()]), 'application/pdf');
    const [kept] = await t.db.select().from(clinicDocuments).where(eq(clinicDocuments.clinicId, clinic.id));

    // Right after the crash the file may still be an upload under way in another process: it stays.
    const early = await reconcileFileStore(t.db, t.app.fileStore);
    expect(early.removedFiles).toEqual([]);
    expect(await storedPaths('clinic-documents')).toEqual([kept?.storagePath, orphan].sort());

    const later = await reconcileFileStore(t.db, t.app.fileStore, new Date(Date.now() + ORPHAN_GRACE_MS + 1000));
    expect(later).toEqual({
      removedFiles: [`clinic-documents/${orphan}`],
      removedDocuments: [],
      clearedCovers: [],
      removedPartialUploads: 0,
    });
    expect(await storedPaths('clinic-documents')).toEqual([kept?.storagePath]);
    // The clinic's real document is untouched and still downloads.
    const download = await t.app.inject({
      url: `/api/clinic/documents/${clinic.document.id}/download`,
      headers: bearer(clinic.token),
    });
    expect(download.statusCode).toBe(200);
  });

  it('drops a document row and a cover whose file is gone, so nothing offers a download that cannot work', async () => {
    const clinic = await clinicWithDocument();
    const [row] = await t.db.select().from(clinicDocuments).where(eq(clinicDocuments.clinicId, clinic.id));
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, clinic.id));
    await t.app.fileStore.delete('clinic-documents', row?.storagePath ?? '');
    await t.app.fileStore.delete('clinic-covers', profile?.coverImagePath ?? '');

    const report = await reconcileFileStore(t.db, t.app.fileStore);
    expect(report).toEqual({
      removedFiles: [],
      removedDocuments: [clinic.document.id],
      clearedCovers: [clinic.id],
      removedPartialUploads: 0,
    });
    const list = await t.app.inject({ url: '/api/clinic/documents', headers: bearer(clinic.token) });
    expect(list.json().items).toEqual([]);
    const own = await t.app.inject({ url: '/api/clinic/profile', headers: bearer(clinic.token) });
    expect(own.json()).toMatchObject({ coverImageUrl: null, documentCount: 0 });
  });

  it('removes the temporary file of an upload a crash cut off, once it is older than an upload can take', async () => {
    const temporaryFolder = path.join(t.dataDir, 'storage', '.tmp');
    await mkdir(temporaryFolder, { recursive: true });
    await writeFile(path.join(temporaryFolder, 'avbruten-uppladdning'), sampleFiles.pdf(1000));
    expect((await reconcileFileStore(t.db, t.app.fileStore)).removedPartialUploads).toBe(0);
    expect(await readdir(temporaryFolder)).toEqual(['avbruten-uppladdning']);
    expect(
      (await reconcileFileStore(t.db, t.app.fileStore, new Date(Date.now() + ORPHAN_GRACE_MS + 1000)))
        .removedPartialUploads,
    ).toBe(1);
    expect(await readdir(temporaryFolder)).toEqual([]);
  });

  it('changes nothing when rows and files agree', async () => {
    await clinicWithDocument();
    const before = await storedPaths('clinic-documents');
    expect(await reconcileFileStore(t.db, t.app.fileStore, new Date(Date.now() + 10 * ORPHAN_GRACE_MS))).toEqual({
      removedFiles: [],
      removedDocuments: [],
      clearedCovers: [],
      removedPartialUploads: 0,
    });
    expect(await storedPaths('clinic-documents')).toEqual(before);
    expect(await storedPaths('clinic-covers')).toHaveLength(1);
  });
});
