/**
 * What members write shows in its own direction (issue 14): a telex, the names on member
 * cards and in the telex list carry dir="auto", so Arabic or Hebrew reads right to left and
 * Latin left to right whatever the page's direction. (Chromium's computed direction of an
 * entry and a comment is checked by tests/e2e/first-home.e2e.ts; happy-dom lays nothing out,
 * so here the attribute is what is checked.)
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageBubble } from '../../src/client/telex/components/message-bubble';
import { PersonCard } from '../../src/client/ui/person-card';
import { PostText } from '../../src/client/entries/components/post-text';

afterEach(() => cleanup());

const inApp = (node: ReactNode) => render(<MantineProvider>{node}</MantineProvider>);
/** The nearest element around `text` that says its direction. */
const dirOf = (text: string) => screen.getByText(text).closest('[dir]')?.getAttribute('dir');

describe('right-to-left text', () => {
  it('a telex in Arabic', () => {
    const body = 'أراك في المقهى الساعة السادسة';
    inApp(<MessageBubble message={{ id: 'm1', peer: 'U1', sender: 'U1', body, time: new Date().toISOString(), status: 'read' }} mine={false} />);
    expect(dirOf(body)).toBe('auto');
  });

  it("a member card's name in Hebrew", () => {
    inApp(<PersonCard person={{ userCode: 'U2', displayName: 'נועה כהן', planName: 'Ruby', professionName: 'Chef' }} />);
    expect(dirOf('נועה כהן')).toBe('auto');
  });

  it("an entry's text", () => {
    inApp(<PostText text="שלום לכולם" />);
    expect(dirOf('שלום לכולם')).toBe('auto');
  });
});
