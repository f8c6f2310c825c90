import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { readdir } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { ClinicDocumentListSchema, ClinicDocumentSchema } from '../../../../contracts/clinic-area.ts';
import { DOCUMENT_MAX_BYTES } from '../../../../contracts/constants.ts';
import sv from '../../../../contracts/locales/sv/validation.json' with { type: 'json' };
import { clinicDocuments } from '../../../db/schema/index.ts';
import { bearer, signUpAs, TEST_ADMIN_EMAIL } from '../../../testing/auth-client.ts';
import { describeEachEngine } from '../../../testing/test-app.ts';
import { multipartFile, sampleFiles } from '../../../testing/uploads.ts';
import { CONTENT_TYPES_NS, wordDocumentEntries, wordRelationships, zipArchive } from '../../../testing/zip.ts';

describeEachEngine('/api/clinic/documents', { env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL } }, (t) => {
  const call = (token: string | null, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(token ? bearer(token) : {}) } });
  const upload = (token: string, fileName: string, content: Buffer) =>
    call(token, { method: 'POST', url: '/api/clinic/documents', ...multipartFile(fileName, content) });
  const listOf = async (token: string) =>
    ClinicDocumentListSchema.parse((await call(token, { url: '/api/clinic/documents' })).json()).items;

  /** Every file under DATA_DIR/storage/clinic-documents (the local file store of the test app). */
  async function storedFiles(): Promise<string[]> {
    const root = path.join(t.dataDir, 'storage', 'clinic-documents');
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  }

  it('stores each accepted type, lists it with name, size and date, and gives it back to its owner as an attachment', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const files = [
      ['Försäkringsbrev 2026.pdf', sampleFiles.pdf(1000), 'application/pdf'],
      ['lokal.PNG', sampleFiles.png(), 'image/png'],
      ['personal.jpg', sampleFiles.jpeg(), 'image/jpeg'],
      ['rutiner.jpeg', sampleFiles.jpeg(), 'image/jpeg'],
      ['utbildning.doc', sampleFiles.doc(), 'application/msword'],
      [
        'försäkring.docx',
        sampleFiles.docx(),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
    ] as const;
    for (const [fileName, content, contentType] of files) {
      const response = await upload(clinic.token, fileName, content);
      expect(response.statusCode, fileName).toBe(201);
      expect(ClinicDocumentSchema.parse(response.json())).toMatchObject({
        fileName: fileName.replace('.PNG', '.png'),
        sizeBytes: content.length,
        contentType,
      });
    }
    const listed = await listOf(clinic.token);
    expect(listed.map((document) => document.fileName)).toEqual(
      files.map(([fileName]) => fileName.replace('.PNG', '.png')),
    );
    expect(await storedFiles()).toHaveLength(files.length);

    const first = listed[0];
    const download = await call(clinic.token, { url: `/api/clinic/documents/${first?.id}/download` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(files[0][1])).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="F?rs?kringsbrev 2026.pdf"; filename*=UTF-8''F%C3%B6rs%C3%A4kringsbrev%202026.pdf`,
    );
  });

  it("shows, downloads and deletes only the clinic's own documents: another clinic gets 404, an admin may download", async () => {
    const owner = await signUpAs(t.app, 'clinic');
    const other = await signUpAs(t.app, 'clinic');
    const admin = await signUpAs(t.app, 'admin');
    const customer = await signUpAs(t.app, 'customer');
    const document = ClinicDocumentSchema.parse((await upload(owner.token, 'intyg.pdf', sampleFiles.pdf())).json());

    expect(await listOf(other.token)).toEqual([]);
    for (const route of [
      { method: 'GET', url: `/api/clinic/documents/${document.id}/download` },
      { method: 'DELETE', url: `/api/clinic/documents/${document.id}` },
    ] as const) {
      const response = await call(other.token, route);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'not_found', message: sv.notFound });
    }
    expect(await listOf(owner.token)).toHaveLength(1);

    const adminUrl = `/api/admin/documents/${document.id}/download`;
    expect((await call(null, { url: adminUrl })).statusCode).toBe(401);
    for (const refused of [owner, other, customer])
      expect((await call(refused.token, { url: adminUrl })).statusCode).toBe(403);
    const byAdmin = await call(admin.token, { url: adminUrl });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.headers['content-disposition']).toBe('attachment; filename=intyg.pdf');
    expect(
      (await call(admin.token, { url: '/api/admin/documents/00000000-0000-4000-8000-000000000000/download' }))
        .statusCode,
    ).toBe(404);
    expect((await call(admin.token, { url: '/api/admin/documents/inte-ett-id/download' })).statusCode).toBe(400);

    const deleted = await call(owner.token, { method: 'DELETE', url: `/api/clinic/documents/${document.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(await listOf(owner.token)).toEqual([]);
    expect(await storedFiles()).toEqual([]);
    expect(
      (await call(owner.token, { method: 'DELETE', url: `/api/clinic/documents/${document.id}` })).statusCode,
    ).toBe(404);
  });

  it.each([
    [
      'a file of 21 MB',
      'stor.pdf',
      () => sampleFiles.pdf(21 * 1024 * 1024),
      413,
      'file_too_large',
      sv.documentTooLarge,
    ],
    [
      'a file of exactly 20 MB + 1 byte',
      'gräns.pdf',
      () => sampleFiles.pdf(DOCUMENT_MAX_BYTES - sampleFiles.pdf().length + 1),
      413,
      'file_too_large',
      sv.documentTooLarge,
    ],
    [
      'an executable renamed .pdf',
      'intyg.pdf',
      sampleFiles.exe,
      415,
      'file_type_not_allowed',
      sv.documentTypeNotAllowed,
    ],
    ['an executable', 'program.exe', sampleFiles.exe, 415, 'file_type_not_allowed', sv.documentTypeNotAllowed],
    ['a PNG named .pdf', 'intyg.pdf', sampleFiles.png, 415, 'file_type_not_allowed', sv.documentTypeNotAllowed],
    ['a zip named .docx', 'intyg.docx', sampleFiles.zipAsDocx, 415, 'file_type_not_allowed', sv.documentTypeNotAllowed],
    [
      'a text file',
      'anteckningar.txt',
      () => Buffer.from('hej'),
      415,
      'file_type_not_allowed',
      sv.documentTypeNotAllowed,
    ],
    ['an empty file', 'tom.pdf', () => Buffer.alloc(0), 400, 'file_empty', sv.fileEmpty],
  ])(
    'refuses %s with a reason and keeps no row and no file',
    async (_case, fileName, content, status, code, message) => {
      const clinic = await signUpAs(t.app, 'clinic');
      const response = await upload(clinic.token, fileName, content());
      expect(response.statusCode).toBe(status);
      expect(response.json().error).toEqual({ code, message });
      expect(await listOf(clinic.token)).toEqual([]);
      expect(await t.db.select().from(clinicDocuments).where(eq(clinicDocuments.clinicId, clinic.id))).toEqual([]);
      expect(await storedFiles()).toEqual([]);
    },
  );

  // A .docx is an Office package: [Content_Types].xml gives the main part, named in _rels/.rels, the
  // Word document's content type, and that part is there (ARCHITECTURE "Known pitfalls", issue 27).
  const OTHER_MAIN = 'application/vnd.ms-word.document.macroEnabled.main+xml';
  it.each([
    [
      'a zip that names word/document.xml without content types',
      () => zipArchive(wordDocumentEntries({ contentTypes: null })),
    ],
    [
      "content types without the main part's type",
      () =>
        zipArchive(
          wordDocumentEntries({
            contentTypes: `<Types xmlns="${CONTENT_TYPES_NS}"><Default Extension="xml" ContentType="application/xml"/></Types>`,
          }),
        ),
    ],
    [
      'a macro-enabled document (.docm) renamed .docx',
      () =>
        zipArchive(
          wordDocumentEntries({
            contentTypes: `<Types xmlns="${CONTENT_TYPES_NS}"><Override PartName="/word/document.xml" ContentType="${OTHER_MAIN}"/></Types>`,
          }),
        ),
    ],
    [
      'content types declaring a main part that is not there',
      () => zipArchive(wordDocumentEntries().filter((entry) => entry.name !== 'word/document.xml')),
    ],
    [
      'a main part named in _rels/.rels that is not the one typed as the document',
      () =>
        zipArchive([
          ...wordDocumentEntries({ relationships: wordRelationships('word/other.xml') }),
          { name: 'word/other.xml', content: '<x/>' },
        ]),
    ],
    [
      'content types that are not XML text',
      () => zipArchive(wordDocumentEntries({ contentTypes: '\u0000'.repeat(64) })),
    ],
    ['a zip cut short before its directory', () => zipArchive(wordDocumentEntries()).subarray(0, 300)],
  ])('refuses %s as .docx with a reason and keeps no row and no file', async (_case, content) => {
    const clinic = await signUpAs(t.app, 'clinic');
    const response = await upload(clinic.token, 'intyg.docx', content());
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toEqual({ code: 'file_type_not_allowed', message: sv.documentTypeNotAllowed });
    expect(await t.db.select().from(clinicDocuments).where(eq(clinicDocuments.clinicId, clinic.id))).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  });

  it.each([
    ['in the order Word writes it', () => zipArchive(wordDocumentEntries())],
    ['with its content types last', () => zipArchive(wordDocumentEntries().reverse())],
    ['with sizes after the data', () => zipArchive(wordDocumentEntries(), { dataDescriptors: true })],
    [
      'with Zip64 records, as .NET writes it',
      () => zipArchive(wordDocumentEntries(), { zip64: true, dataDescriptors: true }),
    ],
    [
      'with its parts stored uncompressed',
      () => zipArchive(wordDocumentEntries().map((entry) => ({ ...entry, stored: true }))),
    ],
    [
      'with its main part under another name',
      () => zipArchive(wordDocumentEntries({ mainPart: 'word/document2.xml' })),
    ],
    [
      'among a megabyte of other parts',
      () =>
        zipArchive([
          ...wordDocumentEntries(),
          { name: 'word/media/image1.png', content: randomBytes(1024 * 1024), stored: true },
        ]),
    ],
  ])('accepts a Word document %s', async (_case, content) => {
    const clinic = await signUpAs(t.app, 'clinic');
    const bytes = content();
    const response = await upload(clinic.token, 'intyg.docx', bytes);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      sizeBytes: bytes.length,
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('accepts a file of exactly 20 MB', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const content = sampleFiles.pdf(DOCUMENT_MAX_BYTES - sampleFiles.pdf().length);
    expect(content.length).toBe(DOCUMENT_MAX_BYTES);
    const response = await upload(clinic.token, 'precis.pdf', content);
    expect(response.statusCode).toBe(201);
    expect(response.json().sizeBytes).toBe(DOCUMENT_MAX_BYTES);
  });

  it('refuses a request that is not multipart, has no file, or has two files', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    const json = await call(clinic.token, { method: 'POST', url: '/api/clinic/documents', payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toBe(sv.notMultipart);

    const boundary = 'ck-empty';
    const noFile = await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/documents',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhej\r\n--${boundary}--\r\n`,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe(sv.fileMissing);

    const cut = multipartFile('avbruten.pdf', sampleFiles.pdf(100_000));
    const interrupted = await call(clinic.token, {
      method: 'POST',
      url: '/api/clinic/documents',
      headers: cut.headers,
      payload: cut.payload.subarray(0, 50_000),
    });
    expect(interrupted.statusCode).toBe(400);
    expect(await listOf(clinic.token)).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  });

  it.each([
    ['../../x.pdf', 'x.pdf'],
    ['..\\..\\windows\\x.pdf', 'x.pdf'],
    ['.hidden.pdf', 'hidden.pdf'],
    ['a\u0000b\u0007c.pdf', 'a_b_c.pdf'],
    ['<b>"alert"</b>.pdf', 'b_.pdf'],
    ['räkning: 2026|07?.pdf', 'räkning_ 2026_07_.pdf'],
    [`${'å'.repeat(300)}.pdf`, `${'å'.repeat(98)}.pdf`],
  ])('stores %j under a safe name', async (fileName, expected) => {
    const clinic = await signUpAs(t.app, 'clinic');
    const response = await upload(clinic.token, fileName, sampleFiles.pdf());
    expect(response.statusCode).toBe(201);
    expect(response.json().fileName).toBe(expected);
    const [row] = await t.db.select().from(clinicDocuments).where(eq(clinicDocuments.clinicId, clinic.id));
    expect(row?.storagePath).toMatch(new RegExp(`^${clinic.id}/[0-9a-f-]{36}-`));
    expect(row?.storagePath.endsWith(`-${expected}`)).toBe(true);
    const [stored] = await storedFiles();
    expect(stored).toBe(row?.storagePath);
  });

  it('keeps no row and no file of an upload the browser abandons half way', async () => {
    const clinic = await signUpAs(t.app, 'clinic');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const { payload, headers } = multipartFile('halv.pdf', sampleFiles.pdf(8 * 1024 * 1024));
    const request = httpRequest({
      host: '127.0.0.1',
      port: address.port,
      method: 'POST',
      path: '/api/clinic/documents',
      headers: { ...headers, ...bearer(clinic.token), 'content-length': payload.length },
    });
    request.on('error', () => undefined);
    request.write(payload.subarray(0, 3 * 1024 * 1024));
    // Let the server receive and store part of it, then leave as a closed tab would.
    const temporary = path.join(t.dataDir, 'storage', '.tmp');
    for (let waited = 0; waited < 5000 && (await readdir(temporary).catch(() => [])).length === 0; waited += 20)
      await sleep(20);
    expect(await readdir(temporary), 'the upload had begun to be stored').toHaveLength(1);
    request.destroy();

    for (let waited = 0; waited < 5000 && (await readdir(temporary).catch(() => [])).length > 0; waited += 20)
      await sleep(20);
    expect(await readdir(temporary).catch(() => [])).toEqual([]);
    expect(await storedFiles()).toEqual([]);
    expect(await listOf(clinic.token)).toEqual([]);
  });
});
