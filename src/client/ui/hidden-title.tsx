/**
 * A screen's h1 where the design shows no title (the home feed, the suite's child pages):
 * every screen has one h1, so a screen-reader member knows where they are and jumps to
 * the content by headings. Visible screens' titles use PageTitle.
 */
import { Title } from '@mantine/core';
import classes from './hidden-title.module.css';

export function HiddenTitle({ children }: { children: string }) {
  return (
    <Title order={1} className={classes.hidden}>
      {children}
    </Title>
  );
}
