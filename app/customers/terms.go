package customers

import (
	"strings"

	"parcelportal/core/customer"
)

// TermsPage is one page of the terms of carriage.
type TermsPage struct {
	Heading    string
	Paragraphs []string
}

// Terms are the general terms of carriage (GTC) of one country, in its language.
type Terms struct {
	Country  string
	Language string
	Title    string
	Pages    []TermsPage
}

// TermsRenderer turns terms into a PDF with one page per TermsPage.
type TermsRenderer interface {
	RenderTerms(t Terms) ([]byte, error)
}

// termsLanguage: de for DE/AT, nl for NL/BE, es ES, it IT, en for DK/SE.
var termsLanguage = map[string]string{"DE": "de", "AT": "de", "NL": "nl", "BE": "nl", "ES": "es", "IT": "it", "DK": "en", "SE": "en"}

// GTCTerms returns the terms of a supported country; any other country is
// customer.ErrCountryNotSupported.
func GTCTerms(country string) (Terms, error) {
	country = strings.ToUpper(strings.TrimSpace(country))
	lang, ok := termsLanguage[country]
	if !ok {
		return Terms{}, customer.ErrCountryNotSupported
	}
	text := termsText[lang]
	return Terms{Country: country, Language: lang, Title: text.title + " (" + country + ")", Pages: text.pages}, nil
}

type termsDoc struct {
	title string
	pages []TermsPage
}

var termsText = map[string]termsDoc{
	"en": {"General Terms and Conditions of Carriage", []TermsPage{
		{"1. Scope and contracting parties", []string{
			"These General Terms and Conditions of Carriage (GTC) apply to every contract for the collection, carriage, customs clearance and delivery of parcels concluded between the carrier and the customer named in the customer master data. Deviating terms of the customer apply only if the carrier has accepted them in writing.",
			"The customer is a business acting in the exercise of its trade or profession. These terms do not apply to consumers. Parcels are handed over through the portal, the shipping API or at an agreed hub.",
			"Where international conventions such as the Universal Postal Convention or the CMR apply mandatorily, they take precedence over these terms.",
		}},
		{"2. Conclusion of contract and shipment data", []string{
			"The contract of carriage is concluded when the carrier accepts the parcel at the hub or when its driver collects it. Creating a label in the portal is an offer to conclude the contract; it does not yet oblige the carrier.",
			"The customer transmits complete and correct shipment data, in particular the recipient's name and address, weight, dimensions, contents, value and, for shipments outside the customs union, the customs data required by the destination country.",
			"The customer bears all costs that arise from incomplete, incorrect or late data, including return, storage, re-labelling and customs charges.",
		}},
		{"3. Excluded goods and packaging", []string{
			"Excluded from carriage are dangerous goods within the meaning of ADR and IATA, weapons and ammunition, narcotics, live animals, human remains, cash, precious metals and stones, securities, and any goods whose carriage is prohibited by the law of the origin, transit or destination country.",
			"The customer packs each parcel so that it withstands normal handling in automated sorting, including drops from a height of 80 cm, and so that the contents cannot harm people, other parcels or equipment.",
			"The carrier may refuse, stop or return parcels that contain excluded goods or are insufficiently packed. The customer indemnifies the carrier against all claims arising from such parcels.",
		}},
		{"4. Carriage, delivery and returns", []string{
			"The carrier chooses the route and the means of transport. Transit times stated by the carrier are estimates and not guaranteed delivery dates unless a guaranteed service has been booked expressly.",
			"Delivery is made to the recipient, to a person present at the delivery address or to a neighbour, or into a parcel locker or pick-up point where the destination country's postal practice allows it. Tracked products record each step with harmonised event codes.",
			"Parcels that cannot be delivered are returned to the customer's return address at the customer's cost. Parcels refused on customs grounds may be destroyed when the destination's authorities so require.",
		}},
		{"5. Prices, invoicing and customs", []string{
			"The prices of the price list agreed with the customer apply, plus statutory value added tax, fuel and security surcharges and the duties and taxes charged by the destination country unless the shipment is sent delivered duty paid.",
			"The carrier invoices monthly on the basis of the manifested parcels and the measured weights. Invoices are due within 14 days without deduction. Objections must be raised in writing within 30 days of the invoice date.",
			"Where a commercial invoice is chargeable, the separate commercial-invoice pricing terms apply in addition and must be accepted before such shipments are manifested.",
		}},
		{"6. Liability, claims and final provisions", []string{
			"The carrier is liable for loss of or damage to a parcel between acceptance and delivery up to the value of the goods, at most EUR 45 per parcel unless additional insurance of EUR 150 or EUR 500 has been booked. Liability for consequential loss and lost profit is excluded except in cases of intent or gross negligence.",
			"Claims for loss, damage or delay must be filed through the parcel inquiry within 30 days of the shipping date for loss and within 7 days of delivery for damage, together with proof of value and photographs.",
			"The law of the country of the contracting subsidiary applies. Place of jurisdiction is the seat of that subsidiary. Should a provision of these terms be invalid, the remaining provisions stay in force.",
		}},
	}},
	"de": {"Allgemeine Beförderungsbedingungen", []TermsPage{
		{"1. Geltungsbereich und Vertragsparteien", []string{
			"Diese Allgemeinen Beförderungsbedingungen (AGB) gelten für alle Verträge über die Abholung, Beförderung, Verzollung und Zustellung von Paketen zwischen dem Beförderer und dem in den Kundenstammdaten genannten Kunden. Abweichende Bedingungen des Kunden gelten nur, wenn der Beförderer ihnen schriftlich zugestimmt hat.",
			"Der Kunde ist Unternehmer und handelt in Ausübung seiner gewerblichen oder selbständigen beruflichen Tätigkeit. Für Verbraucher gelten diese Bedingungen nicht. Pakete werden über das Portal, die Versand-API oder an einem vereinbarten Hub übergeben.",
			"Soweit internationale Übereinkommen wie der Weltpostvertrag oder die CMR zwingend gelten, gehen sie diesen Bedingungen vor.",
		}},
		{"2. Vertragsschluss und Sendungsdaten", []string{
			"Der Beförderungsvertrag kommt zustande, wenn der Beförderer das Paket am Hub annimmt oder sein Fahrer es abholt. Das Erstellen eines Labels im Portal ist ein Angebot zum Vertragsschluss und verpflichtet den Beförderer noch nicht.",
			"Der Kunde übermittelt vollständige und richtige Sendungsdaten, insbesondere Name und Anschrift des Empfängers, Gewicht, Maße, Inhalt, Wert sowie bei Sendungen außerhalb der Zollunion die vom Bestimmungsland verlangten Zolldaten.",
			"Der Kunde trägt alle Kosten, die aus unvollständigen, falschen oder verspäteten Daten entstehen, einschließlich Rücksendung, Lagerung, Neuetikettierung und Zollgebühren.",
		}},
		{"3. Ausgeschlossene Güter und Verpackung", []string{
			"Von der Beförderung ausgeschlossen sind Gefahrgüter im Sinne von ADR und IATA, Waffen und Munition, Betäubungsmittel, lebende Tiere, sterbliche Überreste, Bargeld, Edelmetalle und Edelsteine, Wertpapiere sowie Waren, deren Beförderung nach dem Recht des Ursprungs-, Transit- oder Bestimmungslandes verboten ist.",
			"Der Kunde verpackt jedes Paket so, dass es der üblichen Behandlung in automatischen Sortieranlagen einschließlich Stürzen aus 80 cm Höhe standhält und der Inhalt weder Menschen noch andere Pakete oder Anlagen schädigen kann.",
			"Der Beförderer darf Pakete mit ausgeschlossenen Gütern oder unzureichender Verpackung ablehnen, anhalten oder zurücksenden. Der Kunde stellt den Beförderer von allen Ansprüchen aus solchen Paketen frei.",
		}},
		{"4. Beförderung, Zustellung und Rücksendungen", []string{
			"Der Beförderer wählt Weg und Beförderungsmittel. Angegebene Laufzeiten sind Richtwerte und keine garantierten Zustelltermine, es sei denn, ein Garantieprodukt wurde ausdrücklich gebucht.",
			"Zugestellt wird an den Empfänger, an eine an der Zustelladresse anwesende Person oder einen Nachbarn, oder in eine Packstation oder einen Abholpunkt, soweit die Postpraxis des Bestimmungslandes dies erlaubt. Verfolgte Produkte erfassen jeden Schritt mit harmonisierten Ereigniscodes.",
			"Unzustellbare Pakete werden auf Kosten des Kunden an seine Rücksendeadresse zurückgeschickt. Aus zollrechtlichen Gründen abgelehnte Pakete können vernichtet werden, wenn die Behörden des Bestimmungslandes dies verlangen.",
		}},
		{"5. Preise, Rechnungsstellung und Zoll", []string{
			"Es gelten die mit dem Kunden vereinbarten Preise zuzüglich gesetzlicher Umsatzsteuer, Treibstoff- und Sicherheitszuschlägen sowie der vom Bestimmungsland erhobenen Zölle und Steuern, sofern die Sendung nicht verzollt und versteuert versandt wird.",
			"Der Beförderer rechnet monatlich auf Grundlage der manifestierten Pakete und der gemessenen Gewichte ab. Rechnungen sind innerhalb von 14 Tagen ohne Abzug fällig. Einwände sind innerhalb von 30 Tagen nach Rechnungsdatum schriftlich zu erheben.",
			"Ist eine Handelsrechnung kostenpflichtig, gelten zusätzlich die gesonderten Preisbedingungen für Handelsrechnungen, die vor dem Manifestieren solcher Sendungen anzunehmen sind.",
		}},
		{"6. Haftung, Reklamationen und Schlussbestimmungen", []string{
			"Der Beförderer haftet für Verlust oder Beschädigung eines Pakets zwischen Annahme und Zustellung bis zum Warenwert, höchstens 45 EUR je Paket, sofern keine Zusatzversicherung über 150 EUR oder 500 EUR gebucht wurde. Die Haftung für Folgeschäden und entgangenen Gewinn ist außer bei Vorsatz und grober Fahrlässigkeit ausgeschlossen.",
			"Ansprüche wegen Verlust, Beschädigung oder Verspätung sind über die Paketanfrage geltend zu machen, bei Verlust innerhalb von 30 Tagen nach dem Versanddatum, bei Beschädigung innerhalb von 7 Tagen nach Zustellung, jeweils mit Wertnachweis und Fotos.",
			"Es gilt das Recht des Landes der vertragschließenden Niederlassung. Gerichtsstand ist deren Sitz. Sollte eine Bestimmung unwirksam sein, bleiben die übrigen Bestimmungen wirksam.",
		}},
	}},
	"nl": {"Algemene Vervoersvoorwaarden", []TermsPage{
		{"1. Toepassingsgebied en partijen", []string{
			"Deze Algemene Vervoersvoorwaarden zijn van toepassing op elke overeenkomst voor het ophalen, vervoeren, inklaren en bezorgen van pakketten tussen de vervoerder en de klant die in de klantgegevens is vermeld. Afwijkende voorwaarden van de klant gelden alleen als de vervoerder ze schriftelijk heeft aanvaard.",
			"De klant is een onderneming die handelt in de uitoefening van haar beroep of bedrijf. Deze voorwaarden gelden niet voor consumenten. Pakketten worden aangeboden via het portaal, de verzend-API of bij een afgesproken hub.",
			"Waar internationale verdragen zoals het Wereldpostverdrag of het CMR dwingend van toepassing zijn, gaan zij voor op deze voorwaarden.",
		}},
		{"2. Totstandkoming en zendinggegevens", []string{
			"De vervoersovereenkomst komt tot stand wanneer de vervoerder het pakket bij de hub aanneemt of wanneer zijn chauffeur het ophaalt. Het aanmaken van een label in het portaal is een aanbod en verplicht de vervoerder nog niet.",
			"De klant levert volledige en juiste zendinggegevens aan, in het bijzonder naam en adres van de ontvanger, gewicht, afmetingen, inhoud, waarde en, voor zendingen buiten de douane-unie, de douanegegevens die het land van bestemming vereist.",
			"De klant draagt alle kosten die voortvloeien uit onvolledige, onjuiste of te late gegevens, waaronder retourzending, opslag, opnieuw labelen en douanekosten.",
		}},
		{"3. Uitgesloten goederen en verpakking", []string{
			"Uitgesloten van vervoer zijn gevaarlijke stoffen in de zin van ADR en IATA, wapens en munitie, verdovende middelen, levende dieren, stoffelijke resten, contant geld, edelmetalen en edelstenen, waardepapieren en goederen waarvan het vervoer volgens het recht van het land van herkomst, doorvoer of bestemming verboden is.",
			"De klant verpakt elk pakket zo dat het de normale behandeling in geautomatiseerde sorteerinstallaties doorstaat, inclusief vallen van 80 cm hoogte, en dat de inhoud geen mensen, andere pakketten of apparatuur kan beschadigen.",
			"De vervoerder mag pakketten met uitgesloten goederen of onvoldoende verpakking weigeren, tegenhouden of retourneren. De klant vrijwaart de vervoerder tegen alle aanspraken die uit zulke pakketten voortvloeien.",
		}},
		{"4. Vervoer, bezorging en retouren", []string{
			"De vervoerder kiest de route en het vervoermiddel. Opgegeven looptijden zijn schattingen en geen gegarandeerde bezorgdata, tenzij uitdrukkelijk een gegarandeerde dienst is geboekt.",
			"Bezorging gebeurt aan de ontvanger, aan een persoon op het bezorgadres of aan een buurman, of in een pakketautomaat of afhaalpunt waar de postpraktijk van het land van bestemming dat toestaat. Gevolgde producten registreren elke stap met geharmoniseerde gebeurteniscodes.",
			"Onbestelbare pakketten worden op kosten van de klant naar diens retouradres teruggestuurd. Om douaneredenen geweigerde pakketten kunnen worden vernietigd als de autoriteiten van het land van bestemming dat eisen.",
		}},
		{"5. Prijzen, facturering en douane", []string{
			"De met de klant overeengekomen prijzen gelden, vermeerderd met wettelijke btw, brandstof- en veiligheidstoeslagen en de rechten en belastingen van het land van bestemming, tenzij de zending rechten betaald wordt verzonden.",
			"De vervoerder factureert maandelijks op basis van de gemanifesteerde pakketten en de gemeten gewichten. Facturen zijn binnen 14 dagen zonder aftrek verschuldigd. Bezwaren moeten binnen 30 dagen na factuurdatum schriftelijk worden ingediend.",
			"Als een handelsfactuur betaald is, gelden bovendien de afzonderlijke prijsvoorwaarden voor handelsfacturen, die vóór het manifesteren van zulke zendingen moeten worden aanvaard.",
		}},
		{"6. Aansprakelijkheid, claims en slotbepalingen", []string{
			"De vervoerder is aansprakelijk voor verlies of beschadiging van een pakket tussen aanname en bezorging tot de waarde van de goederen, ten hoogste EUR 45 per pakket, tenzij een aanvullende verzekering van EUR 150 of EUR 500 is geboekt. Aansprakelijkheid voor gevolgschade en gederfde winst is uitgesloten behalve bij opzet of grove nalatigheid.",
			"Claims wegens verlies, beschadiging of vertraging worden ingediend via de pakketaanvraag: bij verlies binnen 30 dagen na verzenddatum, bij beschadiging binnen 7 dagen na bezorging, met waardebewijs en foto's.",
			"Het recht van het land van de contracterende vestiging is van toepassing. Bevoegd is de rechter van de vestigingsplaats. Is een bepaling ongeldig, dan blijven de overige bepalingen van kracht.",
		}},
	}},
	"es": {"Condiciones Generales de Transporte", []TermsPage{
		{"1. Ámbito de aplicación y partes", []string{
			"Estas Condiciones Generales de Transporte se aplican a todo contrato de recogida, transporte, despacho de aduanas y entrega de paquetes celebrado entre el transportista y el cliente indicado en los datos maestros del cliente. Las condiciones divergentes del cliente solo se aplican si el transportista las ha aceptado por escrito.",
			"El cliente es un empresario que actúa en el ejercicio de su actividad comercial o profesional. Estas condiciones no se aplican a consumidores. Los paquetes se entregan a través del portal, de la API de envíos o en un hub acordado.",
			"Cuando sean de aplicación imperativa convenios internacionales como el Convenio Postal Universal o el CMR, prevalecerán sobre estas condiciones.",
		}},
		{"2. Celebración del contrato y datos del envío", []string{
			"El contrato de transporte se celebra cuando el transportista acepta el paquete en el hub o cuando su conductor lo recoge. La creación de una etiqueta en el portal es una oferta y todavía no obliga al transportista.",
			"El cliente transmite datos de envío completos y correctos, en particular nombre y dirección del destinatario, peso, dimensiones, contenido, valor y, para envíos fuera de la unión aduanera, los datos aduaneros exigidos por el país de destino.",
			"El cliente asume todos los costes derivados de datos incompletos, incorrectos o tardíos, incluidos devolución, almacenamiento, reetiquetado y gastos de aduana.",
		}},
		{"3. Mercancías excluidas y embalaje", []string{
			"Quedan excluidas del transporte las mercancías peligrosas según ADR e IATA, armas y munición, estupefacientes, animales vivos, restos humanos, dinero en efectivo, metales y piedras preciosas, valores y cualquier mercancía cuyo transporte esté prohibido por la ley del país de origen, tránsito o destino.",
			"El cliente embala cada paquete de modo que soporte la manipulación normal en instalaciones de clasificación automática, incluidas caídas desde 80 cm de altura, y que su contenido no pueda dañar a personas, otros paquetes o equipos.",
			"El transportista puede rechazar, retener o devolver paquetes con mercancías excluidas o embalaje insuficiente. El cliente exime al transportista de toda reclamación derivada de dichos paquetes.",
		}},
		{"4. Transporte, entrega y devoluciones", []string{
			"El transportista elige la ruta y el medio de transporte. Los plazos indicados son estimaciones y no fechas de entrega garantizadas, salvo que se haya contratado expresamente un servicio garantizado.",
			"La entrega se realiza al destinatario, a una persona presente en la dirección de entrega o a un vecino, o en un casillero o punto de recogida cuando la práctica postal del país de destino lo permita. Los productos con seguimiento registran cada paso con códigos de evento armonizados.",
			"Los paquetes que no puedan entregarse se devuelven a la dirección de devolución del cliente a su cargo. Los paquetes rechazados por motivos aduaneros pueden destruirse si así lo exigen las autoridades del país de destino.",
		}},
		{"5. Precios, facturación y aduanas", []string{
			"Se aplican los precios acordados con el cliente, más el IVA legal, los recargos por combustible y seguridad y los derechos e impuestos del país de destino, salvo que el envío se expida con derechos pagados.",
			"El transportista factura mensualmente sobre la base de los paquetes manifestados y los pesos medidos. Las facturas vencen a los 14 días sin deducción. Las objeciones deben presentarse por escrito dentro de los 30 días siguientes a la fecha de la factura.",
			"Cuando la factura comercial sea de pago, se aplican además las condiciones de precios de la factura comercial, que deben aceptarse antes de manifestar dichos envíos.",
		}},
		{"6. Responsabilidad, reclamaciones y disposiciones finales", []string{
			"El transportista responde de la pérdida o el daño de un paquete entre la aceptación y la entrega hasta el valor de la mercancía, con un máximo de 45 EUR por paquete, salvo que se haya contratado un seguro adicional de 150 EUR o 500 EUR. Se excluye la responsabilidad por daños indirectos y lucro cesante salvo dolo o negligencia grave.",
			"Las reclamaciones por pérdida, daño o retraso se presentan mediante la consulta de paquetes: por pérdida dentro de los 30 días siguientes a la fecha de envío, por daño dentro de los 7 días siguientes a la entrega, con prueba del valor y fotografías.",
			"Se aplica la ley del país de la filial contratante. El fuero competente es el de su domicilio. Si alguna disposición fuera nula, las demás seguirán en vigor.",
		}},
	}},
	"it": {"Condizioni Generali di Trasporto", []TermsPage{
		{"1. Ambito di applicazione e parti", []string{
			"Le presenti Condizioni Generali di Trasporto si applicano a ogni contratto di ritiro, trasporto, sdoganamento e consegna di pacchi concluso tra il vettore e il cliente indicato nei dati anagrafici del cliente. Condizioni diverse del cliente valgono solo se il vettore le ha accettate per iscritto.",
			"Il cliente è un imprenditore che agisce nell'esercizio della propria attività commerciale o professionale. Le presenti condizioni non si applicano ai consumatori. I pacchi vengono consegnati tramite il portale, l'API di spedizione o presso un hub concordato.",
			"Ove si applichino in modo inderogabile convenzioni internazionali come la Convenzione postale universale o la CMR, queste prevalgono sulle presenti condizioni.",
		}},
		{"2. Conclusione del contratto e dati di spedizione", []string{
			"Il contratto di trasporto si conclude quando il vettore accetta il pacco presso l'hub o quando il suo autista lo ritira. La creazione di un'etichetta nel portale è una proposta e non obbliga ancora il vettore.",
			"Il cliente trasmette dati di spedizione completi e corretti, in particolare nome e indirizzo del destinatario, peso, dimensioni, contenuto, valore e, per le spedizioni fuori dall'unione doganale, i dati doganali richiesti dal paese di destinazione.",
			"Il cliente sostiene tutti i costi derivanti da dati incompleti, errati o tardivi, compresi reso, giacenza, rietichettatura e oneri doganali.",
		}},
		{"3. Merci escluse e imballaggio", []string{
			"Sono escluse dal trasporto le merci pericolose ai sensi di ADR e IATA, armi e munizioni, stupefacenti, animali vivi, resti umani, denaro contante, metalli e pietre preziose, titoli e qualsiasi merce il cui trasporto sia vietato dalla legge del paese di origine, transito o destinazione.",
			"Il cliente imballa ogni pacco in modo che resista alla normale movimentazione negli impianti di smistamento automatico, comprese cadute da 80 cm di altezza, e che il contenuto non possa danneggiare persone, altri pacchi o attrezzature.",
			"Il vettore può rifiutare, trattenere o restituire pacchi contenenti merci escluse o imballati in modo insufficiente. Il cliente tiene indenne il vettore da ogni pretesa derivante da tali pacchi.",
		}},
		{"4. Trasporto, consegna e resi", []string{
			"Il vettore sceglie il percorso e il mezzo di trasporto. I tempi indicati sono stime e non date di consegna garantite, salvo che sia stato espressamente prenotato un servizio garantito.",
			"La consegna avviene al destinatario, a una persona presente all'indirizzo di consegna o a un vicino, oppure in un armadietto o punto di ritiro ove la prassi postale del paese di destinazione lo consenta. I prodotti tracciati registrano ogni passaggio con codici evento armonizzati.",
			"I pacchi non consegnabili vengono restituiti all'indirizzo di reso del cliente a sue spese. I pacchi respinti per motivi doganali possono essere distrutti se le autorità del paese di destinazione lo richiedono.",
		}},
		{"5. Prezzi, fatturazione e dogana", []string{
			"Si applicano i prezzi concordati con il cliente, maggiorati dell'IVA di legge, dei supplementi carburante e sicurezza e dei dazi e delle imposte del paese di destinazione, salvo che la spedizione sia inviata franco dazio.",
			"Il vettore fattura mensilmente sulla base dei pacchi manifestati e dei pesi misurati. Le fatture sono esigibili entro 14 giorni senza detrazioni. Le contestazioni devono essere presentate per iscritto entro 30 giorni dalla data della fattura.",
			"Se la fattura commerciale è a pagamento, si applicano inoltre le condizioni di prezzo della fattura commerciale, da accettare prima di manifestare tali spedizioni.",
		}},
		{"6. Responsabilità, reclami e disposizioni finali", []string{
			"Il vettore risponde della perdita o del danneggiamento di un pacco tra l'accettazione e la consegna fino al valore della merce, al massimo 45 EUR per pacco, salvo che sia stata prenotata un'assicurazione aggiuntiva di 150 EUR o 500 EUR. È esclusa la responsabilità per danni indiretti e mancato guadagno, salvo dolo o colpa grave.",
			"I reclami per perdita, danneggiamento o ritardo si presentano tramite la richiesta pacco: per perdita entro 30 giorni dalla data di spedizione, per danneggiamento entro 7 giorni dalla consegna, con prova del valore e fotografie.",
			"Si applica la legge del paese della filiale contraente. Foro competente è quello della sua sede. Qualora una disposizione sia invalida, le restanti disposizioni restano in vigore.",
		}},
	}},
}
