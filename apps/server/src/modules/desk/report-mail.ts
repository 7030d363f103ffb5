// The processing report by e-mail (issue 26 part 10): to the desk's address
// (DESK_EMAIL) when an edition is ready (scheduled or live) and when it fails the
// gate, with the same facts as the console's report.
import { BRANDS, isBrandCode } from '@folio/core';
import type { OutgoingMessage } from '../messaging/index.ts';
import type { EditionReport } from './assembly.ts';
import type { EditionKey } from './incoming-repo.ts';

const STATE_WORDS: Record<string, string> = {
  scheduled: 'is ready and goes out at 6 AM',
  live: 'is live',
  failed: 'was not released',
};

export function reportMail(
  to: string,
  key: EditionKey,
  state: string,
  report: EditionReport,
): OutgoingMessage {
  const paper = isBrandCode(key.brand) ? BRANDS[key.brand].name : key.brand;
  const what = `${paper}, edition ${key.editionNumber}, ${key.date}`;
  const lines = [
    `${what} ${STATE_WORDS[state] ?? state}.`,
    '',
    ...(report.refusals.length > 0
      ? ['Refused because:', ...report.refusals.map((r) => `- ${r}`), '']
      : []),
    ...(report.overrideReason ? [`Released despite the gate: ${report.overrideReason}`, ''] : []),
    `Processed in ${(report.tookMs / 1000).toFixed(1)} s.`,
    '',
    'Page  Version  Text  Articles  Ads  Warnings',
    ...report.pages.map(
      (p) =>
        `${String(p.page).padEnd(6)}v${String(p.version).padEnd(8)}${(p.textLayer ? 'yes' : 'none').padEnd(6)}${String(p.articles).padEnd(10)}${String(p.ads).padEnd(5)}${p.warnings.join(', ')}`,
    ),
  ];
  return {
    channel: 'email',
    to,
    subject: `${what}: ${state === 'failed' ? 'not released' : state}`,
    text: lines.join('\n'),
  };
}
