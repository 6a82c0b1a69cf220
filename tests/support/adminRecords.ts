/** Valid admin API bodies for a trainer and a training (what the admin forms send). */
export const validTrainer = {
  name: 'Dr. New',
  bio: 'Bio',
  credentials: 'PhD',
  photo: null,
  website: 'https://x.example',
  thinkificAffiliateUrl: '',
  statesServed: ['CA', 'NY'],
};

export const validTraining = (trainerId: string) => ({
  trainerId,
  title: 'Admin Created',
  description: 'Desc',
  price: 900,
  startDate: '2027-03-01T14:00:00.000Z',
  endDate: '2027-03-02T22:00:00.000Z',
  location: 'Zoom',
  venue: '',
  format: 'Virtual',
  state: 'CA',
  isEMDRIACertified: true,
  ceCredits: 12,
  schedule: '',
  refundPolicy: '',
  thinkificUrl: 'https://x.thinkific.com/c',
  isPublished: true,
});
