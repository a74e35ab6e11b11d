package rpc

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/timestamppb"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/addresses"
	"parcelportal/core/addressbook"
)

// AddressBookHandler serves portal.v1.AddressBookService.
type AddressBookHandler struct{ AddressBook addresses.Service }

// csvContentType is the type of the address-book files.
const csvContentType = "text/csv; charset=utf-8"

// ListAddressBookEntries pages a customer's entries; X-Total-Count carries the total.
func (h AddressBookHandler) ListAddressBookEntries(ctx context.Context, req *connect.Request[portalv1.ListAddressBookEntriesRequest]) (*connect.Response[portalv1.ListAddressBookEntriesResponse], error) {
	m := req.Msg
	list, total, err := h.AddressBook.List(ctx, callerFrom(ctx), m.GetCustomerId(), m.GetSearch(), int(m.GetPage()), int(m.GetPageSize()))
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListAddressBookEntriesResponse{TotalCount: int64(total), Entries: make([]*portalv1.AddressBookEntry, len(list))}
	for i, e := range list {
		out.Entries[i] = entryToProto(e)
	}
	return withTotal(connect.NewResponse(out), total), nil
}

// GetAddressBookEntry reads one entry.
func (h AddressBookHandler) GetAddressBookEntry(ctx context.Context, req *connect.Request[portalv1.GetAddressBookEntryRequest]) (*connect.Response[portalv1.GetAddressBookEntryResponse], error) {
	e, err := h.AddressBook.Get(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetAddressBookEntryResponse{Entry: entryToProto(e)}), nil
}

// CreateAddressBookEntry stores a new entry.
func (h AddressBookHandler) CreateAddressBookEntry(ctx context.Context, req *connect.Request[portalv1.CreateAddressBookEntryRequest]) (*connect.Response[portalv1.CreateAddressBookEntryResponse], error) {
	e, err := h.AddressBook.Create(ctx, callerFrom(ctx), req.Msg.GetCustomerId(), addressOf(req.Msg.GetEntry()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CreateAddressBookEntryResponse{Entry: entryToProto(e)}), nil
}

// UpdateAddressBookEntry replaces an entry's address.
func (h AddressBookHandler) UpdateAddressBookEntry(ctx context.Context, req *connect.Request[portalv1.UpdateAddressBookEntryRequest]) (*connect.Response[portalv1.UpdateAddressBookEntryResponse], error) {
	m := req.Msg
	e, err := h.AddressBook.Update(ctx, callerFrom(ctx), m.GetCustomerId(), m.GetEntry().GetId(), addressOf(m.GetEntry()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.UpdateAddressBookEntryResponse{Entry: entryToProto(e)}), nil
}

// DeleteAddressBookEntry removes an entry.
func (h AddressBookHandler) DeleteAddressBookEntry(ctx context.Context, req *connect.Request[portalv1.DeleteAddressBookEntryRequest]) (*connect.Response[portalv1.DeleteAddressBookEntryResponse], error) {
	if err := h.AddressBook.Delete(ctx, callerFrom(ctx), req.Msg.GetCustomerId(), req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.DeleteAddressBookEntryResponse{}), nil
}

// ImportAddressBook reads a CSV file into the customer's address book.
func (h AddressBookHandler) ImportAddressBook(ctx context.Context, req *connect.Request[portalv1.ImportAddressBookRequest]) (*connect.Response[portalv1.ImportAddressBookResponse], error) {
	got, err := h.AddressBook.Import(ctx, callerFrom(ctx), req.Msg.GetCustomerId(), req.Msg.GetFile().GetData())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.ImportAddressBookResponse{Imported: int32(got.Imported), Skipped: int32(got.Skipped)}), nil
}

// ExportAddressBook sends the customer's address book as CSV.
func (h AddressBookHandler) ExportAddressBook(ctx context.Context, req *connect.Request[portalv1.ExportAddressBookRequest]) (*connect.Response[portalv1.ExportAddressBookResponse], error) {
	data, err := h.AddressBook.Export(ctx, callerFrom(ctx), req.Msg.GetCustomerId())
	if err != nil {
		return nil, err
	}
	msg := &portalv1.ExportAddressBookResponse{File: &httpbody.HttpBody{ContentType: csvContentType, Data: data}}
	return download(connect.NewResponse(msg), "attachment", addressbook.ExportFileName), nil
}

// GetAddressBookTemplate sends the import's CSV template.
func (h AddressBookHandler) GetAddressBookTemplate(ctx context.Context, _ *connect.Request[portalv1.GetAddressBookTemplateRequest]) (*connect.Response[portalv1.GetAddressBookTemplateResponse], error) {
	data, err := h.AddressBook.Template(callerFrom(ctx))
	if err != nil {
		return nil, err
	}
	msg := &portalv1.GetAddressBookTemplateResponse{File: &httpbody.HttpBody{ContentType: csvContentType, Data: data}}
	return download(connect.NewResponse(msg), "attachment", addressbook.TemplateFileName), nil
}

func addressOf(e *portalv1.AddressBookEntry) addressbook.Address {
	return addressbook.Address{
		RecipientNumber: e.GetRecipientNumber(), Name: e.GetName(), Contact: e.GetContact(), Street: e.GetStreet(), No: e.GetNo(),
		Street2: e.GetStreet2(), Street3: e.GetStreet3(), PostalCode: e.GetPostalcode(), City: e.GetCity(), Region: e.GetRegion(),
		IsoCountry: e.GetIsoCountry(), Email: e.GetEmail(), Mobile: e.GetMobile(), Phone: e.GetPhone(),
	}
}

func entryToProto(e addressbook.Entry) *portalv1.AddressBookEntry {
	a := e.Address
	return &portalv1.AddressBookEntry{
		Id: e.ID, CustomerId: e.CustomerID, RecipientNumber: a.RecipientNumber, Name: a.Name, Contact: a.Contact, Street: a.Street,
		No: a.No, Street2: a.Street2, Street3: a.Street3, Postalcode: a.PostalCode, City: a.City, Region: a.Region,
		IsoCountry: a.IsoCountry, Email: a.Email, Mobile: a.Mobile, Phone: a.Phone,
		CreatedAt: timestamppb.New(e.CreatedAt), UpdatedAt: timestamppb.New(e.UpdatedAt),
	}
}
