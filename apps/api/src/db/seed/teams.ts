/** Real clubs and national teams with their home colours; the catalogue issue adds crests and jerseys. */
export const SEED_TEAMS: {
  name: string;
  country: string;
  state: string | null;
  city: string;
  baseColor: string;
  category: 'club' | 'national';
}[] = [
  { name: 'Flamengo', country: 'Brasil', state: 'RJ', city: 'Rio de Janeiro', baseColor: '#C8102E', category: 'club' },
  { name: 'Fluminense', country: 'Brasil', state: 'RJ', city: 'Rio de Janeiro', baseColor: '#7A0026', category: 'club' },
  { name: 'Vasco da Gama', country: 'Brasil', state: 'RJ', city: 'Rio de Janeiro', baseColor: '#000000', category: 'club' },
  { name: 'Botafogo', country: 'Brasil', state: 'RJ', city: 'Rio de Janeiro', baseColor: '#000000', category: 'club' },
  { name: 'Corinthians', country: 'Brasil', state: 'SP', city: 'São Paulo', baseColor: '#FFFFFF', category: 'club' },
  { name: 'Palmeiras', country: 'Brasil', state: 'SP', city: 'São Paulo', baseColor: '#006437', category: 'club' },
  { name: 'São Paulo', country: 'Brasil', state: 'SP', city: 'São Paulo', baseColor: '#FE0000', category: 'club' },
  { name: 'Santos', country: 'Brasil', state: 'SP', city: 'Santos', baseColor: '#FFFFFF', category: 'club' },
  { name: 'Grêmio', country: 'Brasil', state: 'RS', city: 'Porto Alegre', baseColor: '#0D80BF', category: 'club' },
  { name: 'Internacional', country: 'Brasil', state: 'RS', city: 'Porto Alegre', baseColor: '#E5050F', category: 'club' },
  { name: 'Atlético Mineiro', country: 'Brasil', state: 'MG', city: 'Belo Horizonte', baseColor: '#000000', category: 'club' },
  { name: 'Cruzeiro', country: 'Brasil', state: 'MG', city: 'Belo Horizonte', baseColor: '#2F529E', category: 'club' },
  { name: 'Bahia', country: 'Brasil', state: 'BA', city: 'Salvador', baseColor: '#0066B3', category: 'club' },
  { name: 'Fortaleza', country: 'Brasil', state: 'CE', city: 'Fortaleza', baseColor: '#11448B', category: 'club' },
  { name: 'Athletico Paranaense', country: 'Brasil', state: 'PR', city: 'Curitiba', baseColor: '#CE181E', category: 'club' },
  { name: 'Real Madrid', country: 'Espanha', state: null, city: 'Madrid', baseColor: '#FFFFFF', category: 'club' },
  { name: 'Barcelona', country: 'Espanha', state: null, city: 'Barcelona', baseColor: '#A50044', category: 'club' },
  { name: 'Manchester United', country: 'Inglaterra', state: null, city: 'Manchester', baseColor: '#DA291C', category: 'club' },
  { name: 'Liverpool', country: 'Inglaterra', state: null, city: 'Liverpool', baseColor: '#C8102E', category: 'club' },
  { name: 'Arsenal', country: 'Inglaterra', state: null, city: 'Londres', baseColor: '#EF0107', category: 'club' },
  { name: 'Juventus', country: 'Itália', state: null, city: 'Turim', baseColor: '#000000', category: 'club' },
  { name: 'Milan', country: 'Itália', state: null, city: 'Milão', baseColor: '#FB090B', category: 'club' },
  { name: 'Inter de Milão', country: 'Itália', state: null, city: 'Milão', baseColor: '#010E80', category: 'club' },
  { name: 'Bayern de Munique', country: 'Alemanha', state: null, city: 'Munique', baseColor: '#DC052D', category: 'club' },
  { name: 'Borussia Dortmund', country: 'Alemanha', state: null, city: 'Dortmund', baseColor: '#FDE100', category: 'club' },
  { name: 'Boca Juniors', country: 'Argentina', state: null, city: 'Buenos Aires', baseColor: '#103F79', category: 'club' },
  { name: 'River Plate', country: 'Argentina', state: null, city: 'Buenos Aires', baseColor: '#FFFFFF', category: 'club' },
  { name: 'Brasil', country: 'Brasil', state: null, city: 'Rio de Janeiro', baseColor: '#FEDD00', category: 'national' },
  { name: 'Argentina', country: 'Argentina', state: null, city: 'Buenos Aires', baseColor: '#75AADB', category: 'national' },
  { name: 'França', country: 'França', state: null, city: 'Paris', baseColor: '#002654', category: 'national' },
  { name: 'Alemanha', country: 'Alemanha', state: null, city: 'Berlim', baseColor: '#FFFFFF', category: 'national' },
  { name: 'Holanda', country: 'Holanda', state: null, city: 'Amsterdã', baseColor: '#F36C21', category: 'national' },
  { name: 'Itália', country: 'Itália', state: null, city: 'Roma', baseColor: '#0066B2', category: 'national' },
];
