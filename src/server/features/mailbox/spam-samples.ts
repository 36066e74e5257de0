// 'Add Sample Emails' on the Failed emails page (docs/product.md §15): a few typical junk messages, so a new
// user can try Delete and Clear All Spam before any mailbox is synced.
export type SpamSample = { subject: string; senderEmail: string; content: string; hoursAgo: number };

export const spamSamples: readonly SpamSample[] = [
  {
    subject: "Congratulations! You have been selected for a $1,000 gift card",
    senderEmail: "rewards@prize-center.example",
    content:
      "Dear valued customer,\n\nYou have been randomly selected to receive a $1,000 gift card. To claim your reward, confirm your shipping details and pay a small handling fee of $4.99 within the next 24 hours. This offer expires soon, so act now!\n\nClick here to claim your prize.",
    hoursAgo: 1,
  },
  {
    subject: "URGENT: Your account will be suspended",
    senderEmail: "security-alert@acc0unt-verify.example",
    content:
      "We detected unusual sign-in activity on your account. To avoid suspension, verify your identity by entering your password on the secure page below. Failure to verify within 12 hours will result in permanent closure of your account.",
    hoursAgo: 5,
  },
  {
    subject: "Boost your website traffic by 500% overnight",
    senderEmail: "growth@seo-rocket.example",
    content:
      "Hi there, I noticed your website is not ranking on the first page of Google. Our guaranteed SEO package will put you in the top 3 results in 48 hours. Reply YES for a free audit.",
    hoursAgo: 26,
  },
  {
    subject: "Business proposal: confidential",
    senderEmail: "barrister.james@fund-transfer.example",
    content:
      "Good day. I am a lawyer representing the estate of a late client who shares your surname. I wish to transfer the sum of 12.5 million US dollars to your account for mutual benefit. Kindly send your full name, phone number and bank details to proceed.",
    hoursAgo: 50,
  },
  {
    subject: "Cheap meds, no prescription needed",
    senderEmail: "deals@pharma-discount.example",
    content: "Save up to 90% on brand medication. Discreet shipping worldwide. Limited stock, order today.",
    hoursAgo: 75,
  },
];
