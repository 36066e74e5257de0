// The file behind 'Download Sample CSV': three rows with the columns the spec
// lists, so a user sees the expected shape (and merge-tag names) at once.

export const SAMPLE_CONTACTS_FILE_NAME = "sample-contacts.csv";

export const SAMPLE_CONTACTS_CSV = [
  "email,full_name,company,phone,title,department,city,country,industry,website,notes",
  'john.smith@example.com,John Smith,Acme Corp,+1 555 0100,Head of Sales,Sales,New York,USA,Software,https://acme.example.com,"Met at SaaS Summit, interested in a demo"',
  "maria.garcia@example.com,Maria Garcia,Globex,+34 600 000 000,Marketing Director,Marketing,Madrid,Spain,Retail,https://globex.example.com,Prefers email over calls",
  'li.wei@example.com,Li Wei,Initech,+86 10 0000 0000,CTO,Engineering,Beijing,China,Manufacturing,https://initech.example.com,"Asked about ""enterprise"" pricing"',
].join("\r\n");
