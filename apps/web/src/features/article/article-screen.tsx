// /article/{articleId}?date&edition_No&pageNumber&source (spec 2 §2): the article's
// text in a clean reading view, or its clip of the page in the image view, with
// text size, zoom and the previous and next articles of the edition; closed back
// to the reader on the same page.
import { MESSAGES, deepTileFile } from '@folio/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { mediaUrl } from '../../shared/api/epaper-data.ts';
import {
  ARTICLE_BARS_NEAR_BOTTOM_PX,
  useHideOnScroll,
} from '../../shared/hooks/use-hide-on-scroll.ts';
import { useFirstFrameHandoff } from '../../shared/hooks/use-first-frame-handoff.ts';
import { useHotspotPlace } from '../../shared/hooks/use-hotspot-place.ts';
import { useSteppedValue } from '../../shared/hooks/use-stepped-value.ts';
import { formatDisplayDate } from '../../shared/lib/display-dates.ts';
import { articleHref } from '../../shared/lib/reader-links.ts';
import { IMAGE_ZOOM, TEXT_SIZE } from '../../shared/lib/reading-controls.ts';
import { track } from '../../shared/lib/tracking.ts';
import { HotspotBody, HotspotViewer } from '../../shared/ui/hotspot-viewer.tsx';
import { ScreenStatus } from '../../shared/ui/screen-status.tsx';
import { ShareDialog } from '../../shared/ui/share-dialog.tsx';
import { useArticleHtml } from './api.ts';
import { ArticleActions } from './components/article-actions.tsx';
import { ArticleClip } from './components/article-clip.tsx';
import { ArticleNavigation } from './components/article-navigation.tsx';
import { ArticleText } from './components/article-text.tsx';
import { ArticleToolbar, type ArticleView } from './components/article-toolbar.tsx';
import { useArticleSharing } from './hooks/use-article-sharing.ts';
import { useArticleSpeech } from './hooks/use-article-speech.ts';
import { useReadingEvents } from './hooks/use-reading-events.ts';
import { neighbours } from './lib/article-sequence.ts';

const TEXTS = {
  loading: 'Loading article...',
  thing: 'article',
  notFound: MESSAGES.articleNotFound,
} as const;

export function ArticleScreen() {
  const { articleId = '' } = useParams();
  const place = useHotspotPlace({
    id: articleId,
    editionParam: 'edition_No',
    pick: (page, id) => page.articles.find((article) => article.id === id),
  });
  const { brand, publisher, date, edition, found, content } = place;
  const article = found?.hotspot;
  const html = useArticleHtml(
    article && content.data ? mediaUrl(content.data.html_url_suffix, article.htmlFile) : undefined,
  );
  const [view, setView] = useState<ArticleView>('text');
  const textSize = useSteppedValue(TEXT_SIZE);
  const zoom = useSteppedValue(IMAGE_ZOOM);
  useReadingEvents(article?.id);
  const around = found ? neighbours(place.pages, found.hotspot.id, found.pageIndex) : undefined;
  const barsHidden = useHideOnScroll({ showNearBottomPx: ARTICLE_BARS_NEAR_BOTTOM_PX });
  const sharing = useArticleSharing(
    article,
    { date, edition, page: found?.pageIndex ?? 0 },
    brand.name,
  );
  const speech = useArticleSpeech(article?.title, html.data, brand.language);
  // The document may have drawn the article's text (server: first-frames.ts): it
  // stays over the loading states until the screen has drawn the text, or
  // whatever it shows instead.
  useFirstFrameHandoff(!content.isPending && (!article || view === 'image' || !html.isPending));

  const toggleView = () => {
    const next = view === 'text' ? 'image' : 'text';
    setView(next);
    // Spec 2 §4 "Image view": zoom resets to 1 on toggle.
    zoom.reset();
    track('toggle_reader_view', { view: next });
  };

  return (
    <HotspotViewer
      brand={brand}
      place={place}
      closeLabel="Close article"
      headerHidden={barsHidden}
      actions={
        found &&
        content.data && (
          <ArticleActions {...{ publisher, date, edition, found }} data={content.data} />
        )
      }
      onCopy={sharing.onCopy}
      onContextMenu={(event) => {
        if (found) event.preventDefault();
      }}
      toolbar={
        found && (
          <ArticleToolbar
            {...{ view, textSize, zoom, speech }}
            hidden={barsHidden}
            onToggleView={toggleView}
            onShare={sharing.share}
          />
        )
      }
      dialogs={
        sharing.dialog && (
          <ShareDialog
            article={sharing.dialog}
            onClose={sharing.closeDialog}
            onShared={sharing.onShared}
          />
        )
      }
    >
      <HotspotBody place={place} texts={TEXTS}>
        {({ hotspot, page }, data) => {
          if (view === 'image')
            return (
              <ArticleClip
                src={mediaUrl(data.data_url_suffix, page.zoomFile)}
                tile={(c, r) => mediaUrl(data.data_url_suffix, deepTileFile(page.pageNo, c, r))}
                box={hotspot}
                pageWidth={page.width}
                pageHeight={page.height}
                zoom={zoom.value}
                title={hotspot.title}
              />
            );
          if (html.isPending) return <ScreenStatus>{TEXTS.loading}</ScreenStatus>;
          if (html.isError)
            return <ScreenStatus tone="problem">{MESSAGES.articleHtmlFailed}</ScreenStatus>;
          return (
            <ArticleText
              title={hotspot.title}
              byline={`${formatDisplayDate(date)} · ${page.displayName}`}
              html={html.data}
              textSize={textSize.value}
              language={brand.language}
            />
          );
        }}
      </HotspotBody>
      {/* Below the text, once it is there: drawn before, it would be pushed down (layout shift). */}
      {around && (view === 'image' || !html.isPending) && (
        <ArticleNavigation
          previous={around.previous}
          next={around.next}
          hrefOf={(link) => articleHref(link.id, { date, edition, page: link.pageIndex })}
        />
      )}
    </HotspotViewer>
  );
}
