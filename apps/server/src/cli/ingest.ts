// Publishes one edition from PDF pages:
//   npm run ingest -- --brand dh --date 2026-11-21 --edition 2 [--manifest m.json] pages/*.pdf
// or marks a date as a holiday:
//   npm run ingest -- --brand dh --date 2026-11-18 --holiday "No edition today on account of Deepavali."
// Reads the same environment as the server and migrates first. Exit code 0 on success, 1 on failure.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { isBrandCode } from '@folio/core';
import { IngestError } from '@folio/ingest';
import { loadConfig } from '../config.ts';
import type { Container } from '../container.ts';
import { createLogger } from '../logger.ts';
import { openPreparedContainer } from '../startup.ts';
import { readManifest } from './manifest.ts';

const USAGE =
  'usage: npm run ingest -- --brand dh|pv --date YYYY-MM-DD (--edition N [--manifest file.json] page.pdf... | --holiday "message")';

class UsageError extends Error {}

function readArgs(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        brand: { type: 'string' },
        date: { type: 'string' },
        edition: { type: 'string' },
        manifest: { type: 'string' },
        holiday: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function parseCommand(argv: string[]) {
  const { values, positionals } = readArgs(argv);
  const brand = values.brand ?? '';
  if (!isBrandCode(brand)) throw new UsageError(`--brand must be dh or pv`);
  if (!values.date) throw new UsageError('--date is required');
  if (values.holiday !== undefined) {
    return { kind: 'holiday' as const, brand, date: values.date, message: values.holiday };
  }
  const editionNumber = Number(values.edition);
  if (!Number.isInteger(editionNumber) || editionNumber <= 0)
    throw new UsageError('--edition must be a positive whole number');
  if (positionals.length === 0) throw new UsageError('give at least one PDF file');
  return {
    kind: 'publish' as const,
    brand,
    date: values.date,
    editionNumber,
    manifest: values.manifest,
    files: positionals.map((f) => path.resolve(f)),
  };
}

async function run(container: Container, command: ReturnType<typeof parseCommand>): Promise<void> {
  if (command.kind === 'holiday') {
    await container.editions.markHoliday(command.brand, command.date, command.message);
    console.log(`Marked ${command.date} as a holiday for ${command.brand}.`);
    return;
  }
  const manifest = command.manifest
    ? await readManifest(path.resolve(command.manifest))
    : undefined;
  const bar = new SingleBar(
    { format: 'Ingesting [{bar}] {value}/{total} pages | {file}', hideCursor: true },
    Presets.shades_classic,
  );
  bar.start(command.files.length, 0, { file: '' });
  try {
    const result = await container.publisher.publishEdition({
      brand: command.brand,
      date: command.date,
      editionNumber: command.editionNumber,
      files: command.files,
      manifest,
      onProgress: (p) => {
        bar.setTotal(p.total);
        bar.update(p.done, { file: `${path.basename(p.file)} p${p.pageNo}` });
      },
    });
    bar.stop();
    console.log(
      `Published ${result.brand} edition ${result.editionNumber} for ${result.date}` +
        `${result.replaced ? ' (replacing the earlier issue)' : ''}: ` +
        `${result.pages} pages, ${result.articles} articles, ${result.ads} ads.`,
    );
  } finally {
    bar.stop();
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof IngestError) {
    const page = error.pageNo === undefined ? '' : `, page ${error.pageNo}`;
    return `${error.message} (file ${error.file}${page})`;
  }
  if (error instanceof UsageError) return `${error.message}\n${USAGE}`;
  // Config, domain and ingest errors are written for people; show them as they are.
  return error instanceof Error ? error.message : String(error);
}

async function main(): Promise<number> {
  let container: Container | undefined;
  try {
    const command = parseCommand(process.argv.slice(2));
    const config = loadConfig(process.env);
    container = await openPreparedContainer(config, createLogger({ logLevel: 'warn' }));
    await run(container, command);
    return 0;
  } catch (error) {
    console.error(`Ingest failed: ${describeFailure(error)}`);
    return 1;
  } finally {
    await container?.db.destroy();
  }
}

// Exit explicitly: render workers or pools must not keep a finished CLI alive.
process.exit(await main());
