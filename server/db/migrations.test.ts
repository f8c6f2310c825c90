// A committed migration never changes (STYLE, ARCHITECTURE): databases that already ran it would
// silently differ from new ones. Each file's SHA-256 is recorded here when it is committed; a change
// goes in a new migration. A new migration fails this test until its checksum is added below.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = path.join(import.meta.dirname, 'migrations');

const committed: Record<string, string> = {
  '0000_initial.sql': 'bcda81265faf83a85c82fe305e7ec689ce7e91b8b7d795f41c888f3962fa710d',
  '0001_accounts.sql': 'da8af76828345a7fd37bd210495fafde6e838a79e5b327e22cc2b5f514789df1',
  '0002_search_key_columns.sql': '1e7a08eb334b84036a3c556996e80df8bfb7e9d4c58f2d0ecaa1fb7adf9d781d',
  '0003_register_search_words.sql': 'daeb1286382111de005f32082e33da95718b7a2695c5d103af15a4b8d5d92512',
  '0004_clinic_application.sql': '727a51a0ab1e7f5d604eacec414227a7794e58846d67ded62d5527940bf9d4bd',
  '0005_customer_area.sql': 'b2b1aadc989ce918fa1cef7e6e398c7b31046952a8056542e825fb60c85b2250',
  '0006_admin_search.sql': 'd95bd902270e3b840082070d74813c8081124eee6975a9649ab0f12a5b7d9d76',
  '0007_certificates.sql': 'f1858f8d6a27bf6af5d26fb523aedca29a0128d7e38e665738c1bb8d06811fad',
  '0008_certificate_lifecycle.sql': '843dd4d996aa85c0d387716a9080da665843eeaea375f70b5c3044b94965876a',
  '0009_conversations.sql': 'dc36f7145875b61b1a5e6698d81716b112b51a2849b56d9b6e0faaca7eb24939',
  '0010_message_notices.sql': '3498d85f736838fade330f663fddd30a908fe5ea808fa13a330c523642b733a5',
  '0011_shared_rate_limits.sql': '0cd6169fac5ca00354627a1d52cf57c20386133b39bc2e112df78add25356c54',
  '0012_register_changed.sql': '094e6848acc5a189863a726cb2c63ba9a60910f9779fbcfa0b32a98396225f7b',
  '0013_register_near_words_function.sql': 'c6c49be8ebca3f49d6a318212f71e2703a4325779b9f84018282d4a8cddf5d0c',
  '0014_email_change_and_guest_links.sql': 'ac78506492e49c9932f6636f9e894520a39ea5cf317fcff41e4ac36102547d11',
  '0015_reviewed_values.sql': '313d4914fa5bcc7b0503f973d9684ef520a087c39fec4d976a8165f258dd67af',
  '0016_listed_clinics.sql': 'a147ef812a0837a3ddf60f3bedcf9204b7fb2c077742d5475c8350a931efa357',
  '0017_scope_facts_history.sql': 'b93c2bb46b9a4e16034a572d918bb6968be988984702627f13fc820e435fae07',
  '0018_followers_told.sql': '87a8a061006576b186436bc9c431d1be0c99edf81a01894f372d9dfbed63dc39',
  '0019_org_number_index.sql': 'a88f1eeda5de54bd31820ad798335a31c4e7f8a6698035136efd3680e67e680b',
  '0020_verified_reviews.sql': 'ac271b8113315798cf666d946588c94eb850721fcc9e37793c8cb002bc1a924f',
  '0021_admin_review_lists.sql': 'e55135ffe2dbb1817798c4fd03c8b48d336acd75f5b8760e8acc18840301db5a',
  '0022_register_by_default_and_booking.sql': '1ca262ede3eeb7f2598cce375f548cff182764b592fc9bcdbc164da9638cca03',
  '0023_privacy_rights.sql': 'ba88b265cf4ae98bec9ec6e22c292d23af8b2ec16eb8b0a983215dc0f2b3671b',
  '0024_places_and_distance.sql': '8a964c6783bc94b0cf65da5f3203ffdb17c2642b0ee6c5c8cd5b327cffa30edc',
  '0025_register_cards_position.sql': '2aad21a4cfe2d9d943e86e4486b74f321e4ee0cee16c54082312812153025671',
  '0026_membership_payments.sql': '7763288b9607cd4f4669f46d3494ad717e1335c92fd5a92699cdf3d464631e3e',
  '0027_register_search_grams.sql': 'de9a59088e7950303e6303d95bc732d727fe9baab5597e5eab4ad7e95b42f456',
  '0028_register_words.sql': '70fd8d5d9e29036ad9153f0df132122997c6265f0b7c47f62b77866ebb859d00',
  '0029_register_search_pairs.sql': 'b54ea336ec42dac64ce3e8438abc7771e6223a9a800a0ee79797f870ef0de77a',
  '0030_register_short_words.sql': 'b92e8f064293bf59ecc5e059adb36f821f6290eda909d3da4f391ca5fd7b5f63',
  '0031_register_word_pairs.sql': '00668bd5669548debacfa5d998df089713838e29005a1e6d0bf43620f08eaf65',
};

function sha256(file: string): string {
  return createHash('sha256')
    .update(readFileSync(path.join(folder, file)))
    .digest('hex');
}

describe('migrations', () => {
  const files = readdirSync(folder).filter((name) => name.endsWith('.sql'));

  it('never change once committed', () => {
    const changed = Object.keys(committed).filter((file) => !files.includes(file) || sha256(file) !== committed[file]);
    expect(changed, 'a committed migration changed or went: put the change in a new migration').toEqual([]);
  });

  it('each have their checksum recorded here', () => {
    const unrecorded = files.filter((file) => !(file in committed)).map((file) => `'${file}': '${sha256(file)}'`);
    expect(unrecorded, 'add these lines to `committed` in this file').toEqual([]);
  });

  it('are the ones drizzle’s journal runs, in order', () => {
    const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files.toSorted());
  });
});
