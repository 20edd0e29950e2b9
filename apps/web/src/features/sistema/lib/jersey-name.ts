/** How Sistema names a jersey in labels and questions: 'Flamengo 2024/25 Titular'. */
export const jerseyName = (jersey: { team: { name: string }; modelYear: string; model: { name: string } }) =>
  `${jersey.team.name} ${jersey.modelYear} ${jersey.model.name}`;
