/**
 * An entry's comment thread (spec §2.5): comments 3 a page with 'more', each with its
 * replies 5 a page, and the comment box. Pages are pulled as they are opened and read
 * from Dexie, so a thread seen once reads offline.
 */
import { Anchor, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { pullPage } from '../commands';
import { useComments, useEntryWrites, type CommentView as Row } from '../queries';
import { CommentBox } from './comment-box';
import { CommentView } from './comment-view';

function usePages(request: (pageNo: number) => Parameters<typeof pullPage>[0], key: string) {
  const [pages, setPages] = useState(1);
  useEffect(() => {
    void pullPage(request(pages));
    // `key` names the list; `request` is rebuilt every render.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [key, pages]);
  return [pages, () => setPages((n) => n + 1)] as const;
}

function Replies({ me, row }: { me: string; row: Row }) {
  const [pages, more] = usePages((pageNo) => ({ kind: 'replies', postCode: row.postCode, commentCode: row.commentCode, pageNo }), row.commentCode);
  const view = useComments(me, row.postCode, row.commentCode, pages);
  const writes = useEntryWrites(me, row.postCode);
  return (
    <Stack gap="xs" mt={4}>
      {view?.rows.map((reply) => (
        <CommentView key={reply.commentCode} me={me} row={reply} writes={writes} />
      ))}
      {view && view.rows.length < view.totalRecords && (
        <Anchor component="button" type="button" size="xs" onClick={more}>
          more
        </Anchor>
      )}
      <CommentBox me={me} postCode={row.postCode} reply={{ commentCode: row.commentCode, name: row.user.displayName }} />
    </Stack>
  );
}

export function CommentsArea({ me, postCode }: { me: string; postCode: string }) {
  const [pages, more] = usePages((pageNo) => ({ kind: 'comments', postCode, pageNo }), postCode);
  const view = useComments(me, postCode, undefined, pages);
  const writes = useEntryWrites(me, postCode);
  const [replying, setReplying] = useState<string | null>(null);
  return (
    <Stack gap="sm">
      <CommentBox me={me} postCode={postCode} />
      {view?.rows.map((row) => (
        <CommentView
          key={row.commentCode}
          me={me}
          row={row}
          writes={writes}
          onReply={() => setReplying(replying === row.commentCode ? null : row.commentCode)}
        >
          {replying === row.commentCode && <Replies me={me} row={row} />}
        </CommentView>
      ))}
      {view && view.rows.length < view.totalRecords && (
        <Anchor component="button" type="button" size="sm" onClick={more}>
          more
        </Anchor>
      )}
    </Stack>
  );
}
