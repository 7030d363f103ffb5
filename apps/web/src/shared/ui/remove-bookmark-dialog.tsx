// The bookmark removal confirmation (spec 2 §2 "Saved articles"), asked before a
// saved article is removed from the saved-articles screen or the article reader.
import { SAVED_MESSAGES } from '@folio/core';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export function RemoveBookmarkDialog({
  onConfirm,
  onClose,
}: {
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title="Remove Bookmark" onClose={onClose}>
      <p className="text-sm text-ink">{SAVED_MESSAGES.removeConfirm}</p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          No
        </Button>
        <Button onClick={onConfirm}>Yes</Button>
      </div>
    </Dialog>
  );
}
