import { synthetic, type LabelledMessage } from './labelled.ts';

/**
 * Hand-written messages for the bundles the SpamAssassin corpus (2002 mailing lists and
 * newsletters) barely has: travel, finance, calendar invitations, social networks, receipts, and
 * personal mail that must stay out of every bundle. Written from what such services send (sender
 * addresses, subject lines and the first words Gmail's snippet shows); used while writing the
 * rules. synthetic-held-out.ts holds others, with other senders, that the rules were not tuned on.
 */
export const SYNTHETIC_TUNING: readonly LabelledMessage[] = [
  // travel
  synthetic('travel', 'Delta Air Lines <DeltaAirLines@t.delta.com>', 'Your flight receipt - Smith/John 12MAR', 'Thank you for choosing Delta. Confirmation #: GH7K2L. Departing Atlanta ATL 8:05am. Seat 23C.'),
  synthetic('travel', 'Booking.com <noreply@booking.com>', 'Your booking is confirmed at Hotel Lutetia', 'Confirmation number: 3849.221.004. Check-in Fri 14 Mar from 15:00. Check-out Sun 16 Mar until 11:00.'),
  synthetic('travel', 'Airbnb <automated@airbnb.com>', 'Reservation confirmed - You\'re going to Lisbon!', 'Your reservation with Marta is confirmed. Check-in Thursday, May 2. Get directions and house rules in the app.'),
  synthetic('travel', 'United Airlines <unitedairlines@united.com>', 'Check in now for your flight to Denver', 'It\'s time to check in for flight UA 1432 departing tomorrow at 7:15 AM. Your boarding pass will be available in the app.'),
  synthetic('travel', 'Amtrak <Amtrak_eTicket@amtrak.com>', 'Amtrak: eTicket and Receipt for Your 04/22/2026 Trip', 'Reservation number 5C2A1F. Northeast Regional 171 New York, NY - Washington, DC. Present this eTicket to the conductor.'),
  synthetic('travel', 'Expedia <Expedia@eg.expedia.com>', 'Expedia travel confirmation - Mar 3 - (Itinerary # 7301922849)', 'Your trip is booked! Itinerary # 7301922849. Flight: Seattle to Honolulu, Tue Mar 3. Hotel: 4 nights.'),
  synthetic('travel', 'Hertz <reservations@emails.hertz.com>', 'Your Hertz Reservation H4471922 is confirmed', 'Pick up: San Francisco Airport, Jun 10 at 2:00 PM. Vehicle: Midsize SUV. Confirmation number H4471922.'),
  synthetic('travel', 'Lufthansa <online@booking-lufthansa.com>', 'Your boarding pass for LH 400 Frankfurt - New York', 'Please find your boarding pass attached. Gate closes 20 minutes before departure. Seat 41A, Group 4.', { attachments: [{ filename: 'BoardingPass_LH400.pdf', mimeType: 'application/pdf' }] }),
  // finance
  synthetic('finance', 'Chase <no.reply.alerts@chase.com>', 'Your statement is ready', 'Your Chase Freedom statement for the account ending in 4410 is now available online. Minimum payment due: $35.00 by 04/18.'),
  synthetic('finance', 'Bank of America <onlinebanking@ealerts.bankofamerica.com>', 'Your direct deposit has posted', 'A direct deposit of $2,431.17 has posted to your checking account ending in 0921.'),
  synthetic('finance', 'PayPal <service@paypal.com>', 'You\'ve got money', 'Maria Chen sent you $45.00 USD. Note: concert tickets. The money is in your PayPal balance.'),
  synthetic('finance', 'Vanguard <vanguard@eonline.e-vanguard.com>', 'Your quarterly statement is available', 'Your account statement for the quarter ending March 31 is ready to view. Log on to vanguard.com to see your balances.'),
  synthetic('finance', 'Wise <noreply@wise.com>', 'Your transfer to Jonas Berg is complete', 'You sent 500.00 EUR to Jonas Berg. The money should arrive in their account today. Transfer #118273645.'),
  synthetic('finance', 'American Express <AmericanExpress@welcome.aexp.com>', 'Large purchase approved on your Card', 'A charge of $1,284.00 at APPLE STORE was approved on your Card ending in 31005. If you don\'t recognise it, call us.'),
  synthetic('finance', 'Venmo <venmo@venmo.com>', 'Alex Park paid you $18.50', 'Alex Park paid you $18.50 for 🍕 Friday pizza. Transfer to your bank or keep it in Venmo.'),
  synthetic('finance', 'IRS Free File <noreply@taxslayer.com>', 'Your federal tax return was accepted', 'Good news! The IRS accepted your 2025 federal tax return on April 2. Expected refund: $812.'),
  // calendar
  synthetic('calendar', 'Priya Raman <priya@acme-robotics.com>', 'Invitation: Q3 roadmap review @ Thu Jul 9, 2pm - 3pm (PDT)', 'You have been invited to the following event. Title: Q3 roadmap review When: Thu Jul 9 2pm – 3pm', { attachments: [{ filename: 'invite.ics', mimeType: 'text/calendar' }] }),
  synthetic('calendar', 'Google Calendar <calendar-notification@google.com>', 'Updated invitation: Design sync @ Weekly from 10am to 10:30am on Monday', 'This event has been changed. Design sync When: Weekly from 10am to 10:30am on Monday'),
  synthetic('calendar', 'Tom Okafor <tom.okafor@gmail.com>', 'Accepted: Dinner at Nopa @ Sat Apr 4 7pm', 'Tom Okafor has accepted this invitation. Dinner at Nopa When Sat Apr 4 7pm – 9pm'),
  synthetic('calendar', 'Microsoft Outlook <no-reply@microsoft.com>', 'Canceled: Budget planning', 'The meeting "Budget planning" scheduled for Tuesday, March 3 at 11:00 AM has been canceled by the organiser.', { attachments: [{ filename: 'meeting.ics', mimeType: 'application/ics' }] }),
  synthetic('calendar', 'Calendly <notifications@calendly.com>', 'New Event: Lena Vogt - 30 Minute Meeting', 'Invitee: Lena Vogt. Event Date/Time: 10:00am - Wednesday, June 3, 2026 (Central European Time). Invitee Time Zone: CET'),
  // social
  synthetic('social', 'LinkedIn <invitations@linkedin.com>', 'Dana Whitfield wants to connect', 'Hi, I\'d like to join your professional network. Dana Whitfield, Staff Engineer at Stripe. Accept invitation.'),
  synthetic('social', 'Facebook <notification@facebookmail.com>', 'Sam Ortega tagged you in a photo', 'Sam Ortega tagged you in a photo from Saturday at the lake. See photo.'),
  synthetic('social', 'Instagram <no-reply@mail.instagram.com>', 'mira.k and 4 others liked your post', 'See what people are saying about your post. mira.k, j.doe and 3 others liked your photo.'),
  synthetic('social', 'Reddit <noreply@redditmail.com>', 'u/quietfox replied to your comment in r/homelab', '"Have you tried flashing the BIOS first?" Reply or view the full thread.'),
  synthetic('social', 'Strava <no-reply@strava.com>', 'Ben Ito gave you kudos', 'Ben Ito gave you kudos on your activity Morning Run. Keep it up!'),
  synthetic('social', 'Mastodon <notifications@mastodon.social>', 'You were mentioned by @ada@hachyderm.io', '@you this is exactly what I was looking for, thanks for sharing the link.'),
  // receipts and orders
  synthetic('receipts', 'Amazon.com <auto-confirm@amazon.com>', 'Your Amazon.com order #112-7731902-1123451', 'Thanks for your order. We\'ll let you know when your item ships. Arriving: Thursday. Order total: $42.17'),
  synthetic('receipts', 'Apple <no_reply@email.apple.com>', 'Your receipt from Apple.', 'Apple ID jane@example.com. Billed to Visa .... 4410. iCloud+ 200 GB Monthly $2.99. Order ID MSD8KQ2P1.'),
  synthetic('receipts', 'UPS <mcinfo@ups.com>', 'UPS Update: Package Scheduled for Delivery Today', 'Your package is out for delivery. Tracking number 1Z999AA10123456784. Estimated delivery 12:00 PM - 4:00 PM.'),
  synthetic('receipts', 'Uber Receipts <noreply@uber.com>', 'Your Friday evening trip with Uber', 'Total $23.41. Thanks for riding, Jane. Trip from 500 Market St to Mission Dolores Park.'),
  synthetic('receipts', 'Etsy <transaction@etsy.com>', 'Your Etsy Purchase from ClayAndKiln (2931887711)', 'Thanks for your purchase! ClayAndKiln will ship your order by Apr 10. Order total: $58.00.'),
  synthetic('receipts', 'DoorDash <no-reply@doordash.com>', 'Order Confirmation for Jane from Tacos El Gordo', 'Your order has been placed. Estimated arrival 7:42 PM. Subtotal $24.50, delivery fee $2.99.'),
  synthetic('receipts', 'Stripe <receipts+acct_1Hx@stripe.com>', 'Your receipt from Fathom Analytics #1734-2291', 'Receipt #1734-2291. Amount paid $14.00. Date paid Mar 1, 2026. Payment method Visa - 4242.', { attachments: [{ filename: 'Receipt-1734-2291.pdf', mimeType: 'application/pdf' }] }),
  // promotions
  synthetic('promotions', 'Target <target@e.target.com>', 'Today only: 30% off patio furniture', 'Plus free shipping on orders $35+. Shop the deals before they\'re gone.', { listUnsubscribe: '<https://e.target.com/unsub?u=1>' }),
  synthetic('promotions', 'Nike <nike@official.nike.com>', 'Members get early access to the Spring sale', 'Up to 40% off select styles. Use code SPRING at checkout. Ends Sunday.', { listUnsubscribe: '<mailto:unsub@official.nike.com>' }),
  synthetic('promotions', 'Ryanair <ryanair@e.ryanair.com>', 'Flash sale: seats from €14.99', 'Book by midnight Thursday for travel in May and June. Limited availability, terms apply.', { listUnsubscribe: '<https://e.ryanair.com/u/abc>' }),
  // newsletters
  synthetic('newsletters', 'Morning Brew <crew@morningbrew.com>', '☕ The Fed blinks', 'Good morning. Markets rallied yesterday after the Fed signalled a pause. Here\'s what you need to know today.', { listUnsubscribe: '<https://morningbrew.com/unsub>', precedence: 'bulk' }),
  synthetic('newsletters', 'Stratechery <email@stratechery.com>', 'The AI Unbundling', 'This week\'s Article: how the AI value chain is splitting into layers, and who captures the value.', { listUnsubscribe: '<https://stratechery.com/unsubscribe>' }),
  synthetic('newsletters', 'Ken Shirriff <kenshirriff@substack.com>', 'Reverse-engineering the 8086 clock circuit', 'In this post I look at the clock circuitry of the Intel 8086 processor, down to the transistors.', { listUnsubscribe: '<https://kenshirriff.substack.com/action/disable_email>' }),
  // notifications
  synthetic('notifications', 'GitHub <notifications@github.com>', '[acme/api] Run failed: CI - main (3f2a91c)', 'The workflow run CI on branch main failed. View the workflow run for details.'),
  synthetic('notifications', 'Google <no-reply@accounts.google.com>', 'Security alert', 'A new sign-in on Mac. We noticed a new sign-in to your Google Account on a Mac device. If this was you, you don\'t need to do anything.'),
  synthetic('notifications', 'Slack <feedback@slack.com>', 'Reset your Slack password', 'Someone (hopefully you) asked to reset the password for your account on acme.slack.com. Click the link below.'),
  synthetic('notifications', 'Dropbox <no-reply@dropbox.com>', 'Your Dropbox is almost full', 'You\'re using 95% of your 2 GB. Upgrade or delete files to keep syncing.'),
  synthetic('notifications', 'Mail Delivery Subsystem <mailer-daemon@googlemail.com>', 'Delivery Status Notification (Failure)', 'Address not found. Your message wasn\'t delivered to old.friend@example.org because the address couldn\'t be found.', { autoSubmitted: 'auto-replied' }),
  // personal: no bundle
  synthetic(null, 'Jane Morales <jane.morales@gmail.com>', 'Dinner Saturday?', 'Hey! Are you two free Saturday night? We\'re thinking of trying the new Thai place around 7.'),
  synthetic(null, 'Ravi Shah <ravi@acme-robotics.com>', 'Re: draft of the hiring plan', 'Thanks, this looks good. Two comments on the headcount table - can we talk tomorrow morning?'),
  synthetic(null, 'Mom <linda.h.1957@yahoo.com>', 'Photos from the weekend', 'Here are the pictures from grandpa\'s birthday, the one with the cake is my favourite. Love you', { attachments: [{ filename: 'IMG_2041.jpg', mimeType: 'image/jpeg' }] }),
  synthetic(null, 'Oliver Grant <ogrant@lawfirm-gp.com>', 'Lease agreement - signed copy', 'Please find the countersigned lease attached. Let me know if you have any questions about the deposit.', { attachments: [{ filename: 'Lease_signed.pdf', mimeType: 'application/pdf' }] }),
];
