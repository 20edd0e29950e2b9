/** Mantine's preset (rem/em, light-dark, smaller-than mixins) and the app's breakpoints. */
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
        // Spec section 9: the header collapses at 900px, the footer adapts at 768px.
        'header-breakpoint': '900px',
        'footer-breakpoint': '768px',
      },
    },
  },
};
