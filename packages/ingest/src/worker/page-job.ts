// Messages between ingest and its render workers. Plain data only: they cross threads.
import type { HotspotBox } from '@folio/core';

export interface PageJob {
  /** Distinguishes runs, so a worker never reuses a document opened for another run. */
  runId: string;
  file: string;
  /** 1-based page within the file. */
  pageInFile: number;
  /** Page boxes from the manifest; when present they replace detection. */
  articles?: Array<HotspotBox & { title?: string }>;
  ads?: HotspotBox[];
}

export interface PageArticle {
  box: HotspotBox;
  title: string;
  paragraphs: string[];
}

export interface PageAd {
  box: HotspotBox;
  image: Uint8Array;
}

export interface PageOutput {
  /** Pages in the job's file, so one-PDF-per-page input can be checked. */
  pagesInFile: number;
  width: number;
  height: number;
  reading: Uint8Array;
  zoom: Uint8Array;
  thumb: Uint8Array;
  articles: PageArticle[];
  ads: PageAd[];
}

export type WorkerRequest = { id: number; job: PageJob };

export type WorkerReply = { id: number; ok: true; output: PageOutput } | { id: number; ok: false; message: string };
