import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderSink, generateDemoEdition, ingestEdition } from '../src/index.ts';
import { tempDir } from './helpers.ts';

describe('a publisher manifest', async () => {
  const temp = await tempDir('manifest');
  afterAll(() => temp.remove());
  const truth = await generateDemoEdition({
    brand: 'dh',
    date: '2026-11-22',
    editionNumber: 1,
    editionName: 'City',
    pageCount: 2,
    outDir: path.join(temp.dir, 'pdf'),
  });
  const placed = truth.pages[1]?.articles[0];
  if (!placed) throw new Error('the generator placed no article on page 2');
  const pictured = truth.pages[1]?.articles.find((a) => a.caption);
  if (!pictured) throw new Error('the generator placed no photo on page 2');
  const box = { top: 60, left: 10, width: 30, height: 20 };

  it('replaces detection with its boxes and names, reading the text and photos inside each box', async () => {
    const edition = await ingestEdition({
      brand: 'dh',
      date: '2026-11-22',
      editionNumber: 1,
      files: truth.files,
      sink: folderSink(temp.dir),
      keyPrefix: 'm/',
      manifest: {
        pages: [
          {
            pageNo: 2,
            name: '02 Bengaluru',
            displayName: 'City',
            section: 'Metro',
            articles: [placed.box, { ...box, title: 'Given title' }, pictured.box],
            ads: [],
          },
        ],
      },
    });
    const page = edition.pages[1];
    expect(page).toMatchObject({
      name: '02 Bengaluru',
      displayName: 'City',
      section: 'Metro',
      ads: [],
    });
    expect(page?.articles.map((a) => a.title)).toEqual([
      placed.title,
      'Given title',
      pictured.title,
    ]);
    expect(page?.articles[1]?.box).toEqual(box);
    // A box given by the manifest finds its photo and caption as detection does.
    const withPhoto = page?.articles[2];
    expect(withPhoto?.photos.map((p) => p.caption)).toEqual([pictured.caption]);
    expect(withPhoto?.text).not.toContain(pictured.caption);
    expect(edition.pages[0]).toMatchObject({
      name: '01 Front Page',
      displayName: 'Front Page',
      section: 'Main',
    });
  });
});
