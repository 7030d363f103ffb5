// Messages between ingest and its render workers. Plain data only: they cross processes.
import type { HotspotBox } from '@folio/core';
import type { PageTiles, TileJob } from '../render/page-tiles.ts';
import type { DemoEditionSpec, DemoEditionTruth } from '../types.ts';
import type { ReZoneJob, ReZoneOutput } from './re-zone.ts';

export interface PageJob {
  /** Distinguishes runs, so a worker never reuses a document opened for another run. */
  runId: string;
  file: string;
  /** 1-based page within the file. */
  pageInFile: number;
  /** Page boxes from the manifest; when present they replace detection. */
  articles?: Array<HotspotBox & { title?: string }>;
  ads?: HotspotBox[];
  /**
   * 'first': only what a reader needs to see the page (the zoom image and the AVIF
   * preview follow in a 'later' task); 'all' (the default): every image now.
   */
  images?: 'first' | 'all';
}

/** The images of a page made once it is live: the zoom image and the AVIF preview. */
export interface LaterJob {
  runId: string;
  file: string;
  pageInFile: number;
}

export interface LaterOutput {
  zoom: Uint8Array;
  preview: Uint8Array;
}

export interface PagePhoto {
  caption: string;
  /** The photo cut from the page's render (WebP) and its pixel size. */
  image: Uint8Array;
  width: number;
  height: number;
}

export interface PageArticle {
  box: HotspotBox;
  title: string;
  paragraphs: string[];
  photos: PagePhoto[];
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
  /** AVIF, or WebP when the job asked for the first images only. */
  preview: Uint8Array;
  reading: Uint8Array;
  /** Absent when the job asked for the first images only. */
  zoom?: Uint8Array;
  thumb: Uint8Array;
  /** Every text line of the page, repaired, top to bottom (the desk reads its folio line). */
  text: string;
  /** No text and nothing drawn: a page sent blank by mistake. */
  blank: boolean;
  articles: PageArticle[];
  ads: PageAd[];
}

/**
 * What a worker can be asked to do. Everything that opens a PDF (pdfjs) or typesets
 * one (pdfkit, seconds of CPU) runs in a worker, so the process that asks stays free.
 */
export type WorkerTask =
  | { kind: 'page'; job: PageJob }
  | { kind: 'count'; file: string }
  | { kind: 'demo'; spec: DemoEditionSpec }
  | { kind: 'tiles'; job: TileJob }
  | { kind: 'later'; job: LaterJob }
  | { kind: 're-zone'; job: ReZoneJob };

export type WorkerResult<T extends WorkerTask> = T extends { kind: 'page' }
  ? PageOutput
  : T extends { kind: 'count' }
    ? number
    : T extends { kind: 'tiles' }
      ? PageTiles
      : T extends { kind: 're-zone' }
        ? ReZoneOutput
        : T extends { kind: 'later' }
          ? LaterOutput
          : DemoEditionTruth;

export type WorkerRequest = { id: number; task: WorkerTask };

export type WorkerReply =
  | { id: number; ok: true; output: WorkerResult<WorkerTask> }
  | { id: number; ok: false; message: string };
