import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JerseyImage } from './jersey-image.tsx';

const image = {
  id: 'i1',
  src: '/api/images/i1/640.webp',
  srcSet: '/api/images/i1/640.webp 640w',
  width: 640,
  height: 640,
};

describe('JerseyImage', () => {
  it('shows the jersey colour in its box until the picture has loaded, then only the picture', () => {
    const { container } = render(<JerseyImage image={image} alt="" sizes="48px" placeholder="#C8102E" />);
    const frame = container.firstElementChild as HTMLElement;
    expect(frame.hasAttribute('data-waiting')).toBe(true);
    expect(frame.style.getPropertyValue('--placeholder')).toBe('#C8102E');
    fireEvent.load(container.querySelector('img')!);
    expect(frame.hasAttribute('data-waiting')).toBe(false);
  });

  it('keeps the plain box without a colour to wait in, or without a picture', () => {
    const plain = render(<JerseyImage image={image} alt="" sizes="48px" />);
    expect((plain.container.firstElementChild as HTMLElement).hasAttribute('data-waiting')).toBe(false);
    const none = render(<JerseyImage image={null} alt="" sizes="48px" placeholder="#C8102E" />);
    expect((none.container.firstElementChild as HTMLElement).hasAttribute('data-waiting')).toBe(false);
  });
});
