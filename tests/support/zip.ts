/** Reading a zip in tests (yauzl): every entry's name and bytes, in the archive's order. */
import yauzl from 'yauzl';

export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))));
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return entries;
}

/** A JSON entry of the zip, parsed. */
// oxlint-disable-next-line typescript/no-explicit-any -- tests read the parts loosely.
export const jsonEntry = (entries: Map<string, Buffer>, name: string): any => JSON.parse(entries.get(name)?.toString('utf8') ?? 'null');
