import { ColorInput, type ColorInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Names the colour picker's sliders once its dropdown is in the page. ColorInput lets the hue
 * slider be named through `attributes` but always renders the saturation area with an empty
 * aria-label, which axe reports as a serious violation while the dropdown is open.
 */
function nameSaturationSlider(label: string) {
  const apply = () => {
    for (const slider of document.querySelectorAll('.mantine-ColorInput-dropdown [role="slider"]:not([aria-label])')) {
      slider.setAttribute('aria-label', label);
    }
  };
  requestAnimationFrame(apply);
  window.setTimeout(apply, 120);
}

/** A hex colour (#rrggbb) with the picker's controls named. */
export function ColorField(props: Omit<ColorInputProps, 'format'>) {
  const { t } = useTranslation('sistema');
  return (
    <ColorInput
      format="hex"
      attributes={{ slider: { 'aria-label': t('form.hue') } }}
      eyeDropperButtonProps={{ 'aria-label': t('form.eyeDropper') }}
      popoverProps={{ onOpen: () => nameSaturationSlider(t('form.saturation')) }}
      {...props}
    />
  );
}
