export const FIRST_TERMS = {
  version: 1,
  titlePt: 'Termos de uso do Manto',
  titleEn: 'Manto terms of use',
  bodyPt: [
    'O Manto é uma comunidade de fãs que compara camisas de futebol. Ao criar uma conta, você concorda com estes termos.',
    'Seus votos são usados, de forma anônima, para montar os rankings públicos e podem ser publicados como dados abertos, sem seu nome, e-mail ou endereço IP.',
    'Guardamos seu nome, e-mail, cidade, estado, país, gênero e time do coração para personalizar sua experiência. Você pode alterá-los no seu perfil a qualquer momento.',
    'Não use robôs nem várias contas para influenciar os rankings: votos suspeitos podem ser desconsiderados e contas podem ser desativadas.',
    'As imagens das camisas pertencem a seus titulares e são exibidas com indicação da fonte.',
  ].join('\n\n'),
  bodyEn: [
    'Manto is a fan community that compares football jerseys. By creating an account you agree to these terms.',
    'Your votes are used anonymously to build the public rankings and may be published as open data, without your name, email or IP address.',
    'We keep your name, email, city, state, country, gender and favourite team to personalise your experience. You can change them in your profile at any time.',
    'Do not use bots or several accounts to sway the rankings: suspicious votes may be discounted and accounts may be deactivated.',
    'Jersey images belong to their owners and are shown with their source credited.',
  ].join('\n\n'),
};
