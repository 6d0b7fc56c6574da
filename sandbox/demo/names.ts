/**
 * Name pools for the demo institution. Deliberately mixed: accents, apostrophes, hyphens and
 * particles, because real rosters have them and CSV round trips must keep them.
 */
export const GIVEN_NAMES = [
  'Aaliyah', 'Adebayo', 'Aiko', 'Alejandro', 'Amara', 'Ana', 'Andrés', 'Anika', 'Arjun', 'Aroha',
  'Beatriz', 'Benjamin', 'Bongani', 'Camille', 'Carlos', 'Chen', 'Chiara', 'Chloé', 'Daniel', 'Dara',
  'Deepika', 'Dmitri', 'Elena', 'Élodie', 'Emeka', 'Emily', 'Eun-ji', 'Farah', 'Fatima', 'Finn',
  'Gabriel', 'Grace', 'Hamza', 'Hana', 'Hiroshi', 'Ibrahim', 'Ines', 'Isabella', 'Ivan', 'Jack',
  'Jamal', 'Javier', 'Jia', 'Joon-ho', 'José', 'Julia', 'Kai', 'Kalani', 'Kateryna', 'Kwame',
  'Layla', 'Liam', 'Lucía', 'Mai', 'Malik', 'Mariam', 'Mateo', 'Maya', 'Mei', 'Mohammed',
  'Nadia', 'Naledi', 'Niamh', 'Nikolai', 'Noah', 'Olivia', 'Omar', 'Oscar', 'Priya', 'Rafael',
  'Rania', 'Ravi', 'Rosa', 'Ruth', 'Saanvi', 'Samuel', 'Sara', 'Sean', 'Siobhán', 'Sofia',
  'Søren', 'Tariq', 'Thandiwe', 'Tomás', 'Valentina', 'Wei', 'William', 'Yara', 'Yusuf', 'Zoë',
] as const;

export const FAMILY_NAMES = [
  'Abara', 'Acheampong', 'Ahmed', 'Álvarez', 'Andersen', 'Bauer', 'Bianchi', 'Brown', 'Castro', 'Chen',
  'Cohen', 'Costa', "D'Angelo", 'da Silva', 'de la Cruz', 'Dlamini', 'Dubois', 'Eriksson', 'Fernández', 'Fischer',
  'García', 'Gonzalez', 'Gupta', 'Haddad', 'Hansen', 'Hernández', 'Hoang', 'Ivanova', 'Jackson', 'Jansen',
  'Johnson', 'Kaur', 'Kim', 'Kowalski', 'Kuznetsov', 'Lee', 'Li', 'López', 'MacDonald', 'Martin',
  'Martínez', 'Mensah', 'Müller', 'Murphy', 'Nakamura', 'Nguyen', 'Novák', 'Nowak', "O'Brien", 'Okafor',
  'Okonkwo', 'Olsen', 'Park', 'Patel', 'Pereira', 'Petrov', 'Popescu', 'Quispe', 'Ramírez', 'Rao',
  'Rossi', 'Sánchez', 'Santos', 'Schmidt', 'Shapiro', 'Singh', 'Smith', 'Suzuki', 'Tanaka', 'Taylor',
  'Thompson', 'Torres', 'Van der Berg', 'Vargas', 'Wang', 'Williams', 'Wilson', 'Wójcik', 'Yamamoto', 'Zhang',
] as const;
