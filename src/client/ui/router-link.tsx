/**
 * Mantine's Anchor and Button as router links: typed `to`/`params`/`search` from
 * TanStack Router (createLink), the look of the design system.
 */
import type { ComponentPropsWithRef } from 'react';
import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';

type AnchorBaseProps = AnchorProps & ComponentPropsWithRef<'a'>;
function AnchorBase(props: AnchorBaseProps) {
  return <Anchor {...props} />;
}

type ButtonBaseProps = ButtonProps & Omit<ComponentPropsWithRef<'a'>, 'color' | 'style'>;
function ButtonBase(props: ButtonBaseProps) {
  return <Button component="a" {...props} />;
}

export const RouterAnchor = createLink(AnchorBase);
export const RouterButton = createLink(ButtonBase);
