// Widths of the images made of every page, apart from the renderer so that importing
// them loads no canvas or image library.
import { PAGE_IMAGE_WIDTHS } from '@folio/core';

export const PREVIEW_WIDTH = PAGE_IMAGE_WIDTHS.preview;
export const READING_WIDTH = PAGE_IMAGE_WIDTHS.reading;
export const ZOOM_WIDTH = PAGE_IMAGE_WIDTHS.zoom;
export const THUMB_WIDTH = PAGE_IMAGE_WIDTHS.thumb;
